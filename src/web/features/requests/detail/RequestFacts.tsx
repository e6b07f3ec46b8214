import { Stack, Text } from '@mantine/core';
import { IconAddressBook, IconAlertTriangle, IconNotes, IconPackage, IconRoute } from '@tabler/icons-react';
import { REQUEST_PARTIES, REQUEST_PARTY_LABELS } from '@domain/requests/parties';
import { REQUEST_MODE_LABELS, SEA_LOAD_LABELS, equipmentLabel, type RequestDetail } from '@domain/requests/schema';
import { pieceLineLabel } from '@domain/shipments/index';
import { formatDay } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { countryIn } from '@domain/locale/countries';
import { Field, FieldGrid, Section, TextBlock, measure } from '@web/ui/DetailParts';
import { DIRECTION_LABELS } from '../request-labels';

type End = 'origin' | 'destination';

function EndFields({ r, end }: { r: RequestDetail; end: End }) {
  const title = end === 'origin' ? t('Origin') : t('Destination');
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Text fw={700} fz="sm">
        {title}
      </Text>
      {r[`${end}_airport`] && <Field label={t('Airport')}>{r[`${end}_airport`]}</Field>}
      {r[`${end}_port`] && <Field label={t('Port')}>{r[`${end}_port`]}</Field>}
      <Field label={t('City, Country')}>{[r[`${end}_city`], countryIn(r[`${end}_country`], reader().locale)].filter(Boolean).join(', ')}</Field>
      {r[`${end}_address`] && <Field label={end === 'origin' ? t('Pickup Address') : t('Delivery Address')}>{r[`${end}_address`]}</Field>}
    </Stack>
  );
}

/** The request as the customer sent it: transport and terms, route, cargo, notes. */
export function RequestFacts({ request: r }: { request: RequestDetail }) {
  return (
    <Stack gap="lg">
      <Section title={t('Request')} icon={<IconNotes size={18} />}>
        <FieldGrid cols={3}>
          <Field label={t('Mode')}>{t(REQUEST_MODE_LABELS[r.mode])}</Field>
          <Field label={t('Direction')}>{t(DIRECTION_LABELS[r.direction])}</Field>
          <Field label={t('Cargo Ready Date')}>{formatDay(r.cargo_ready_date)}</Field>
          {r.sea_load && <Field label={t('Sea Load')}>{t(SEA_LOAD_LABELS[r.sea_load])}</Field>}
          {r.equipment.length > 0 && <Field label={t('Containers')}>{equipmentLabel(r.equipment)}</Field>}
          <Field label={t('Incoterm')}>{r.incoterm ? [r.incoterm, r.incoterm_place].filter(Boolean).join(' ') : null}</Field>
          {r.po_number && <Field label={t('PO Number')}>{r.po_number}</Field>}
        </FieldGrid>
      </Section>
      {REQUEST_PARTIES.some((p) => r[`${p}_name`]) && (
        <Section title={t('Parties')} icon={<IconAddressBook size={18} />}>
          <FieldGrid cols={3}>
            {REQUEST_PARTIES.filter((p) => r[`${p}_name`]).map((p) => (
              <Field key={p} label={t(REQUEST_PARTY_LABELS[p])}>
                <Text fz="sm" fw={500}>
                  {r[`${p}_name`]}
                </Text>
                {r[`${p}_address`] && (
                  <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                    {r[`${p}_address`]}
                  </Text>
                )}
              </Field>
            ))}
          </FieldGrid>
        </Section>
      )}
      <Section title={t('Route')} icon={<IconRoute size={18} />}>
        <FieldGrid cols={2}>
          <EndFields r={r} end="origin" />
          <EndFields r={r} end="destination" />
        </FieldGrid>
      </Section>
      <Section title={t('Cargo')} icon={<IconPackage size={18} />}>
        <Stack gap="md">
          <Field label={t('Cargo Description')}>{r.cargo_description}</Field>
          <FieldGrid cols={3}>
            {/* As entered (issue 45): 400 lb reads "400 lb (181.437 kg)". */}
            <Field label={t('Gross Weight')}>
              {r.weight_unit === 'lb' ? `${measure(r.weight_entered, 'lb')} (${measure(r.weight_gross, 'kg')})` : measure(r.weight_gross, 'kg')}
            </Field>
            <Field label={t('Volume')}>{measure(r.volume, 'm³')}</Field>
            {/* Staff only (decision 0210: the billing basis); a customer's answer leaves it out. */}
            {r.weight_chargeable !== undefined && <Field label={t('Chargeable Weight')}>{measure(r.weight_chargeable, 'kg')}</Field>}
          </FieldGrid>
          {r.pieces.length > 0 && (
            <Field label={t('Dimension Lines')}>
              <Stack gap={2}>
                {r.pieces.map((p, i) => (
                  <span key={i}>{pieceLineLabel(p, reader())}</span>
                ))}
              </Stack>
            </Field>
          )}
          {r.dangerous_goods && (
            <Text fz="sm" c="red" fw={600}>
              <IconAlertTriangle size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
              {t('Dangerous goods: {unNumber}, class {hazardClass}', { unNumber: r.un_number, hazardClass: r.hazard_class })}
            </Text>
          )}
        </Stack>
      </Section>
      <Section title={t('Notes')} icon={<IconNotes size={18} />}>
        <TextBlock text={r.notes} empty={t('No notes')} />
      </Section>
    </Stack>
  );
}

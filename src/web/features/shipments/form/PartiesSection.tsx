import { useState } from 'react';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconUsers } from '@tabler/icons-react';
import type { Company } from '@domain/companies/schema';
import { PARTY_LABELS, PARTY_ROLES, type PartyRole } from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { companyQuery } from '@web/features/companies';
import { pickerSources } from './api';
import { selectValue, text, type SectionProps } from './form-context';
import { fieldId } from './form-values';
import { FormSection } from '@web/ui/FormSection';

type Source = 'directory' | 'free';
const SOURCE_DATA = [
  { value: 'directory', label: msg('Directory company') },
  { value: 'free', label: msg('Name and address') },
];
const byId = (row: Company): AsyncOption => ({ value: row.id, label: row.name });
const addressLine = (row: Company) => row.address;

/**
 * One party of the papers: a company of the directory (the server copies its name and address onto the shipment;
 * the card shows them as they will be printed) or a free name and address. Shipper and consignee offer the
 * customer company as a shortcut.
 */
function PartyFields({ form, party }: SectionProps & { party: PartyRole }) {
  const queryClient = useQueryClient();
  const label = t(PARTY_LABELS[party]);
  const f = { company: `${party}_company_id`, name: `${party}_name`, address: `${party}_address` } as const;
  const companyId = selectValue(form.values[f.company]);
  const name = text(form.values[f.name]);
  const address = text(form.values[f.address]);
  const [source, setSource] = useState<Source>(() => (companyId || (!name && !address) ? 'directory' : 'free'));
  const customerId = selectValue(form.values.company_id);
  const addressColor = address ? undefined : 'dimmed';

  const setParty = (id: string, partyName: string, partyAddress: string) => {
    form.setFieldValue(f.company, id);
    form.setFieldValue(f.name, partyName);
    form.setFieldValue(f.address, partyAddress);
  };
  const choose = (next: Source) => {
    setSource(next);
    // The free text starts from the picked company's (to adjust it); the directory starts empty.
    if (next === 'free') form.setFieldValue(f.company, '');
    else setParty('', '', '');
  };
  const sameAsCustomer = async () => {
    if (!customerId) return;
    const company = await queryClient.fetchQuery(companyQuery(customerId));
    setSource('directory');
    setParty(company.id, company.name, company.address ?? '');
  };

  return (
    <Stack gap="sm" role="group" aria-label={label} data-testid={`party-${party}`}>
      <Text fw={600} fz="sm">
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        data={SOURCE_DATA.map((o) => ({ ...o, label: t(o.label) }))}
        value={source}
        onChange={(v) => choose(v as Source)}
        aria-label={t('{party} source', { party: label })}
      />
      {source === 'directory' ? (
        <>
          <AsyncSelect<Company>
            label={t('{party} Company', { party: label })}
            placeholder={t('Search companies')}
            queryKey={['picker', 'companies']}
            fetchRows={pickerSources.companies}
            toOption={byId}
            describe={addressLine}
            value={companyId}
            selected={companyId && name ? { value: companyId, label: name } : null}
            onChange={(row) => (row ? setParty(row.id, row.name, row.address ?? '') : setParty('', '', ''))}
            id={fieldId(f.company)}
            error={form.errors[f.company]}
          />
          {companyId && (
            <Paper withBorder radius="sm" p="xs" bg="gray.0" data-testid={`party-${party}-printed`}>
              <Text fz="xs" c="dimmed">
                {t('Printed on the papers as')}
              </Text>
              <Text fz="sm" fw={600}>
                {name}
              </Text>
              <Text fz="sm" c={addressColor} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {address || t('No address on file for this company')}
              </Text>
            </Paper>
          )}
        </>
      ) : (
        <>
          <TextInput label={t('{party} Name', { party: label })} maxLength={200} {...form.getInputProps(f.name)} />
          <Textarea label={t('{party} Address', { party: label })} autosize minRows={2} maxLength={1000} {...form.getInputProps(f.address)} />
        </>
      )}
      {party !== 'notify' && (
        <Button variant="subtle" size="compact-sm" w="fit-content" disabled={!customerId || companyId === customerId} onClick={() => void sameAsCustomer()}>
          {t('Same as customer company')}
        </Button>
      )}
    </Stack>
  );
}

/** Parties: shipper, consignee and notify party, as the bill of lading and air waybill name them. */
export function PartiesSection(props: SectionProps) {
  return (
    <FormSection title={t('Parties')} description={t('Shipper, consignee and notify party of the papers')} icon={<IconUsers size={18} />}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
        {PARTY_ROLES.map((party) => (
          <PartyFields key={party} {...props} party={party} />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}

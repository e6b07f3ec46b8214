import { Badge, Checkbox, Group, Input, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { LOADING_TYPES, SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, TRANSPORT_MODES, TRANSPORT_MODE_LABELS, type Role } from '@domain/common/enums';
import { SHIPMENT_MESSAGES, transportOf } from '@domain/shipments/index';
import { selectValue, type CarrierPickedProps, type SectionProps } from './form-context';
import { fieldId } from './form-values';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';
import { loadingTypeLabel } from '../labels';
import { CompanyPicker, ConsolidationAgentPicker, ServiceProviderPicker } from './pickers';
import { TransportFields } from './TransportFields';
import { can } from '@domain/access/permissions';

const TYPE_DATA = SHIPMENT_TYPES.map((type) => ({ value: type, label: SHIPMENT_TYPE_LABELS[type] }));
const MODE_DATA = TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }));
/** The options in the reader's language (the tables hold the English). */
const shown = (data: { value: string; label: string }[]) => data.map((o) => ({ ...o, label: t(o.label) }));

/** Loading type (spec sections 2 and 6): admins choose Export or Import first; handlers' shipments are their own role. */
function LoadingType({ form, role }: Pick<SectionProps, 'form'> & { role: Role }) {
  if (!can(role, 'shipments:choose_direction')) {
    return (
      <Input.Wrapper label={t('Loading Type')} description={t('Your shipments always have your own loading type.')}>
        <Group mt={6}>
          <Badge size="lg" variant="light" tt="none" data-testid="loading-type-readonly">
            {loadingTypeLabel(role)}
          </Badge>
        </Group>
      </Input.Wrapper>
    );
  }
  const chosen = selectValue(form.values.loading_type);
  return (
    <Radio.Group
      label={t('Loading Type')}
      description={chosen ? undefined : t(SHIPMENT_MESSAGES.selectLoadingType)}
      {...form.getInputProps('loading_type')}
      withAsterisk
      value={chosen}
    >
      <Group mt={8} gap="xl">
        {LOADING_TYPES.map((type) => (
          <Radio key={type} value={type} label={loadingTypeLabel(type)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function BasicInfoSection(props: SectionProps & CarrierPickedProps & { role: Role }) {
  const { form } = props;
  const type = String(form.values.type);
  const partial = type === 'partial';

  /** A new type (or mode) changes the carrier list: a carrier of the old kind is cleared. */
  const changeTransport = (next: { type?: string; transport_mode?: string | null }) => {
    const before = transportOf({ type, transport_mode: selectValue(form.values.transport_mode) });
    if (next.type !== undefined) form.setFieldValue('type', next.type);
    if (next.transport_mode !== undefined) form.setFieldValue('transport_mode', next.transport_mode ?? '');
    const after = transportOf({ type: next.type ?? type, transport_mode: next.transport_mode !== undefined ? next.transport_mode : selectValue(form.values.transport_mode) });
    if (before !== after) form.setFieldValue('carrier_id', '');
  };

  return (
    <FormSection title={t('Basic Information')} description={t('Type, customer and references')} icon={<IconInfoCircle size={18} />}>
      <Stack gap="md">
        <LoadingType {...props} />
        <Input.Wrapper label={t('Shipment Type')} withAsterisk id={fieldId('type')}>
          <SegmentedControl
            display="flex"
            mt={6}
            data={shown(TYPE_DATA)}
            value={type}
            onChange={(value) => changeTransport({ type: value })}
            aria-label={t('Shipment Type')}
          />
        </Input.Wrapper>
        {partial && (
          <Select
            label={t('Transport Mode')}
            placeholder={t('Select transport mode')}
            description={t('Break Bulk travels by air, LCL by sea, LTL by land.')}
            data={shown(MODE_DATA)}
            {...form.getInputProps('transport_mode')}
            value={selectValue(form.values.transport_mode)}
            onChange={(value: string | null) => changeTransport({ transport_mode: value })}
          />
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CompanyPicker {...props} />
          <TextInput label={t('Reference Number')} placeholder={t('e.g. {example}', { example: 'EXP-2026-0042' })} maxLength={100} {...form.getInputProps('reference_number')} />
          <TextInput
            label={t('BL Number')}
            placeholder={t('Bill of lading / container code')}
            description={t('Also the container code for live tracking')}
            maxLength={100}
            {...form.getInputProps('customer_reference')}
          />
          <TextInput
            label={t('Carrier Booking Reference')}
            description={t('Carrier events are matched by it too')}
            maxLength={100}
            {...form.getInputProps('carrier_booking_reference')}
          />
          <TextInput label={t('PO Number')} description={t('The customer’s own reference')} maxLength={100} {...form.getInputProps('po_number')} />
          {partial && <ConsolidationAgentPicker {...props} />}
          <ServiceProviderPicker {...props} />
          <TextInput label={t('Tracking Number')} maxLength={100} {...form.getInputProps('tracking_number')} />
          <TextInput label={t('Tracking URL')} placeholder="https://" type="url" {...form.getInputProps('tracking_url')} />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label={t('Priority')} {...form.getInputProps('priority', { type: 'checkbox' })} />
          <Checkbox label={t('Trackable')} description={t('Show live tracking to the customer')} {...form.getInputProps('trackable', { type: 'checkbox' })} />
        </Group>
        <TransportFields {...props} />
        {!partial || selectValue(form.values.transport_mode) ? null : (
          <Text fz="sm" c="dimmed">
            {t('Choose a transport mode to see its fields.')}
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}

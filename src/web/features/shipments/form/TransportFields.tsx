import { Divider, Select, SimpleGrid, TextInput } from '@mantine/core';
import { TRUCK_TYPES } from '@domain/common/enums';
import { formatMawb, mawbProblem, transportOf } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { truckTypeLabel } from '../labels';
import { selectValue, shownProblem, type CarrierPickedProps, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { CarrierPicker } from './pickers';
import { OnwardFlightsFields } from './OnwardFlightsFields';

/** An air waybill number is checked while typing once its 11 digits are there. */
const mawbComplete = (v: string) => v.replace(/\D/g, '').length >= 11;

/**
 * The carrier and the transport's own references (spec section 2): air flight number, carrier name, MAWB and
 * HAWB; sea vessel name, flag, IMO and voyage; land truck plate and truck type. Partial shows its mode's.
 * The MAWB number is checked as typed (IATA check digit) and written as '235-12345675' on leaving it.
 */
export function TransportFields(props: SectionProps & CarrierPickedProps) {
  const { form } = props;
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  if (!transport) return null;
  return (
    <>
      <Divider label={t('Carrier and transport')} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CarrierPicker {...props} />
        {transport === 'air' && (
          <>
            <TextInput label={t('Flight Number')} placeholder={t('e.g. {example}', { example: 'TK1590' })} maxLength={20} {...form.getInputProps('flight_number')} />
            <TextInput label={t('Carrier Name')} placeholder={t('As printed on the air waybill')} maxLength={200} {...form.getInputProps('carrier_name')} />
            <CheckedTextInput
              form={form}
              path="mawb_number"
              label={t('MAWB Number')}
              placeholder={t('e.g. {example}', { example: '235-12345675' })}
              maxLength={50}
              inputMode="numeric"
              problem={shownProblem(mawbProblem)}
              normalize={formatMawb}
              complete={mawbComplete}
            />
            <TextInput label={t('HAWB Number')} maxLength={50} {...form.getInputProps('hawb_number')} />
            <TextInput
              label={t('Commodity Item Number')}
              description={t('For a specific commodity rate (rate class C)')}
              placeholder={t('e.g. {example}', { example: '2199' })}
              maxLength={10}
              inputMode="numeric"
              {...form.getInputProps('commodity_item_number')}
            />
          </>
        )}
        {transport === 'sea' && (
          <>
            <TextInput label={t('Vessel Name')} placeholder={t('e.g. {example}', { example: 'MSC Aurora' })} maxLength={200} {...form.getInputProps('vessel_name')} />
            <TextInput label={t('Vessel Flag')} placeholder={t('e.g. Panama')} maxLength={100} {...form.getInputProps('vessel_flag')} />
            <TextInput label={t('IMO Number')} placeholder={t('e.g. {example}', { example: '9398412' })} maxLength={20} {...form.getInputProps('imo_number')} />
            <TextInput label={t('Voyage Number')} placeholder={t('e.g. {example}', { example: '123W' })} maxLength={50} {...form.getInputProps('voyage_number')} />
          </>
        )}
        {transport === 'land' && (
          <>
            <TextInput label={t('Truck Plate Number')} placeholder={t('e.g. {example}', { example: '16 ABC 123' })} maxLength={50} {...form.getInputProps('truck_plate_number')} />
            <Select label={t('Truck Type')} placeholder={t('Select truck type')} data={enumOptions(TRUCK_TYPES, truckTypeLabel)} clearable {...form.getInputProps('truck_type')} value={selectValue(form.values.truck_type)} />
          </>
        )}
      </SimpleGrid>
      {transport === 'air' && <OnwardFlightsFields {...props} />}
    </>
  );
}

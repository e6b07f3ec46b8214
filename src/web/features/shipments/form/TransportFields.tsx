import { Divider, Select, SimpleGrid, TextInput } from '@mantine/core';
import { TRUCK_TYPES } from '@domain/common/enums';
import { formatMawb, mawbProblem, transportOf } from '@domain/shipments/index';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue, type CarrierPickedProps, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { CarrierPicker } from './pickers';

const TRUCK_DATA = enumOptions(TRUCK_TYPES);
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
      <Divider label="Carrier and transport" labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CarrierPicker {...props} />
        {transport === 'air' && (
          <>
            <TextInput label="Flight Number" placeholder="e.g. TK1590" maxLength={20} {...form.getInputProps('flight_number')} />
            <TextInput label="Carrier Name" placeholder="As printed on the air waybill" maxLength={200} {...form.getInputProps('carrier_name')} />
            <CheckedTextInput
              form={form}
              path="mawb_number"
              label="MAWB Number"
              placeholder="e.g. 235-12345675"
              maxLength={50}
              inputMode="numeric"
              problem={mawbProblem}
              normalize={formatMawb}
              complete={mawbComplete}
            />
            <TextInput label="HAWB Number" maxLength={50} {...form.getInputProps('hawb_number')} />
          </>
        )}
        {transport === 'sea' && (
          <>
            <TextInput label="Vessel Name" placeholder="e.g. MSC Aurora" maxLength={200} {...form.getInputProps('vessel_name')} />
            <TextInput label="Vessel Flag" placeholder="e.g. Panama" maxLength={100} {...form.getInputProps('vessel_flag')} />
            <TextInput label="IMO Number" placeholder="e.g. 9398412" maxLength={20} {...form.getInputProps('imo_number')} />
            <TextInput label="Voyage Number" placeholder="e.g. 123W" maxLength={50} {...form.getInputProps('voyage_number')} />
          </>
        )}
        {transport === 'land' && (
          <>
            <TextInput label="Truck Plate Number" placeholder="e.g. 16 ABC 123" maxLength={50} {...form.getInputProps('truck_plate_number')} />
            <Select label="Truck Type" placeholder="Select truck type" data={TRUCK_DATA} clearable {...form.getInputProps('truck_type')} value={selectValue(form.values.truck_type)} />
          </>
        )}
      </SimpleGrid>
    </>
  );
}

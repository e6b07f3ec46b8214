import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { CURRENCIES, FREIGHT_TERMS } from '@domain/common/enums';
import { transportOf } from '@domain/shipments/labels';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';
import { selectValue, type SectionProps } from './form-context';
import { enumOptions } from './form-values';
import { freightTermsLabel } from '../labels';

/**
 * The transport document's own boxes (issue 41): freight terms and where freight is payable, the marks and numbers on
 * the packages; for sea the shipped-on-board date and the carriage before and after the ocean leg (a house bill of
 * lading names the place of receipt and of delivery when they are not the ports); for air the account numbers and
 * the value declared for carriage (the air waybill prints NVD without one); for road the CMR's trailer plate, cash on
 * delivery, sender's instructions and special agreements; by sea the empty and full container depots; by sea and air
 * where the consignee collects, the free time and the release conditions (the arrival notice's).
 */
export function TransportDocumentSection({ form }: SectionProps) {
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  const sea = transport === 'sea';
  return (
    <FormSection title={t('Transport Document')} description={t('What the bill of lading or waybill prints besides the cargo')} icon={<IconFileDescription size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label={t('Freight Terms')}
          placeholder={t('Prepaid or collect')}
          data={enumOptions(FREIGHT_TERMS, freightTermsLabel)}
          clearable
          {...form.getInputProps('freight_terms')}
          value={selectValue(form.values.freight_terms)}
        />
        <TextInput label={t('Freight Payable At')} placeholder={t('e.g. Istanbul')} maxLength={200} {...form.getInputProps('freight_payable_at')} />
        {sea && <TextInput type="date" label={t('Shipped on Board Date')} {...form.getInputProps('shipped_on_board_date')} />}
      </SimpleGrid>
      {sea && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
          <TextInput label={t('Pre-carriage By')} placeholder={t('e.g. Truck')} maxLength={200} {...form.getInputProps('pre_carriage_by')} />
          <TextInput label={t('Place of Receipt')} placeholder={t('e.g. Bursa')} maxLength={200} {...form.getInputProps('place_of_receipt')} />
          <TextInput label={t('On-carriage By')} placeholder={t('e.g. Rail')} maxLength={200} {...form.getInputProps('on_carriage_by')} />
          <TextInput label={t('Place of Delivery')} placeholder={t('e.g. Łódź')} maxLength={200} {...form.getInputProps('place_of_delivery')} />
        </SimpleGrid>
      )}
      {sea && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
          <TextInput label={t('Empty Pick-up Depot')} maxLength={200} {...form.getInputProps('empty_pickup_depot')} />
          <TextInput label={t('Full Return Depot')} maxLength={200} {...form.getInputProps('full_return_depot')} />
        </SimpleGrid>
      )}
      {transport !== 'land' && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
          <TextInput label={t('Pick-up Terminal or CFS')} maxLength={200} {...form.getInputProps('pickup_terminal')} />
          {sea && (
            <NumberInput
              label={t('Free Time (days)')}
              description={t('From the day of arrival; a container may have its own')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={0}
              max={365}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('free_time_days')}
            />
          )}
        </SimpleGrid>
      )}
      {transport !== 'land' && (
        <Textarea mt="sm" label={t('Release Conditions')} description={t('Printed on the arrival notice')} inputWrapperOrder={['label', 'input', 'description', 'error']} autosize minRows={1} maxLength={2000} {...form.getInputProps('release_conditions')} />
      )}
      {transport === 'air' && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
          <TextInput label={t('Shipper Account Number')} maxLength={50} {...form.getInputProps('shipper_account_number')} />
          <TextInput label={t('Consignee Account Number')} maxLength={50} {...form.getInputProps('consignee_account_number')} />
          <NumberInput
            label={t('Declared Value for Carriage')}
            description={t('Empty prints NVD; in the cargo value’s currency')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={0}
            decimalScale={2}
            allowNegative={false}
            hideControls
            {...form.getInputProps('declared_value_carriage')}
          />
        </SimpleGrid>
      )}
      {transport === 'land' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm">
            <TextInput label={t('Trailer Plate Number')} maxLength={50} {...form.getInputProps('trailer_plate_number')} />
            <NumberInput label={t('Cash on Delivery')} min={0} decimalScale={2} allowNegative={false} hideControls {...form.getInputProps('cash_on_delivery')} />
            <Select
              label={t('Cash on Delivery Currency')}
              data={[...CURRENCIES]}
              allowDeselect={false}
              {...form.getInputProps('cash_on_delivery_currency')}
              value={selectValue(form.values.cash_on_delivery_currency)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
            <Textarea label={t("Sender's Instructions")} description={t('Customs and other formalities (CMR box 13)')} inputWrapperOrder={['label', 'input', 'description', 'error']} autosize minRows={2} maxLength={2000} {...form.getInputProps('sender_instructions')} />
            <Textarea label={t('Special Agreements')} description={t('Agreed with the carrier (CMR box 19)')} inputWrapperOrder={['label', 'input', 'description', 'error']} autosize minRows={2} maxLength={2000} {...form.getInputProps('special_agreements')} />
          </SimpleGrid>
        </>
      )}
      <Textarea
        mt="sm"
        label={t('Marks and Numbers')}
        description={t('As written on the packages, one line each')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('marks_and_numbers')}
      />
    </FormSection>
  );
}

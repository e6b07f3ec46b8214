import { Badge, Divider, NativeSelect, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { CHARGE_FIELDS, COST_FIELDS, PAYMENT_TERMS } from '@domain/common/enums';
import { CHARGE_LABELS, COST_LABELS, shipmentTotals } from '@domain/shipments/index';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { paymentTermsLabel } from '../labels';
import { AmountInput } from './AmountInput';
import { selectValue, type SectionProps } from './form-context';
import { currencyOptions, enumOptions, moneyRow } from './form-values';
import { FormSection } from '@web/ui/FormSection';
import { dec } from '@domain/money/decimal';

/** A total's colour: red below 0, `positive` above (margins stay plain above 0). */
const signed = (x: string, positive?: string) => (x.startsWith('-') ? 'red' : dec(x).gt(0) ? positive : undefined);

/** Live totals per currency (spec section 9), read-only: computed here for display, never sent. */
function Totals(props: SectionProps) {
  const totals = shipmentTotals(moneyRow(props.form.values));
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('Totals per currency')}
      </Title>
      <Table.ScrollContainer minWidth={460}>
        <Table withTableBorder striped data-testid="money-totals" aria-label={t('Totals per currency')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Currency')}</Table.Th>
              <Table.Th ta="right">{t('Revenue (charges)')}</Table.Th>
              <Table.Th ta="right">{t('Cost')}</Table.Th>
              <Table.Th ta="right">{t('Profit')}</Table.Th>
              <Table.Th ta="right">{t('Margin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.map((total) => (
              <Table.Tr key={total.currency} data-testid={`totals-${total.currency}`}>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {total.currency}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(total.total_revenue, total.currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(total.total_cost, total.currency)}</Table.Td>
                <Table.Td ta="right" c={signed(total.profit, 'green')} fw={600}>
                  {formatMoney(total.profit, total.currency)}
                </Table.Td>
                <Table.Td ta="right" c={signed(total.margin_percent)}>
                  {total.margin_percent}%
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fz="xs" c="dimmed">
        {t('Profit is revenue minus cost; margin is profit divided by revenue (limited to ±9999%). Calculated from the amounts above.')}
      </Text>
    </Stack>
  );
}

export function FinancialSection(props: SectionProps) {
  const { form, mode, initial } = props;
  return (
    <FormSection title={t('Financial')} description={t('Charges to the customer, costs, payment')} icon={<IconCoin size={18} />}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <NativeSelect label={t('Currency')} data={currencyOptions(mode, initial.currency)} {...form.getInputProps('currency')} />
          <Select label={t('Payment Terms')} placeholder={t('Select payment terms')} data={enumOptions(PAYMENT_TERMS, paymentTermsLabel)} clearable {...form.getInputProps('payment_terms')} value={selectValue(form.values.payment_terms)} />
          <TextInput type="date" label={t('Payment Due Date')} {...form.getInputProps('payment_due_date')} />
        </SimpleGrid>
        <Divider label={t('Charges (revenue)')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="charges">
          {CHARGE_FIELDS.map((f) => (
            <AmountInput key={f} {...props} field={f} label={t(CHARGE_LABELS[f])} />
          ))}
        </SimpleGrid>
        <Divider label={t('Costs')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="costs">
          {COST_FIELDS.map((f) => (
            <AmountInput key={f} {...props} field={f} label={t(COST_LABELS[f])} />
          ))}
        </SimpleGrid>
        <Totals {...props} />
      </Stack>
    </FormSection>
  );
}

import { Badge, Divider, NativeSelect, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { CHARGE_FIELDS, COST_FIELDS, PAYMENT_TERMS } from '@domain/common/enums';
import { CHARGE_LABELS, COST_LABELS, formatMoney, shipmentTotals } from '@domain/shipments/index';
import { AmountInput } from './AmountInput';
import { selectValue, type SectionProps } from './form-context';
import { currencyOptions, enumOptions, moneyRow } from './form-values';
import { FormSection } from '@web/ui/FormSection';
import { dec } from '@domain/money/decimal';

const TERMS_DATA = enumOptions(PAYMENT_TERMS);

/** Live totals per currency (spec section 9), read-only: computed here for display, never sent. */
function Totals(props: SectionProps) {
  const totals = shipmentTotals(moneyRow(props.form.values));
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Totals per currency
      </Title>
      <Table.ScrollContainer minWidth={460}>
        <Table withTableBorder striped data-testid="money-totals" aria-label="Totals per currency">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Revenue (charges)</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th ta="right">Profit</Table.Th>
              <Table.Th ta="right">Margin</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.map((t) => (
              <Table.Tr key={t.currency} data-testid={`totals-${t.currency}`}>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {t.currency}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(t.total_revenue, t.currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(t.total_cost, t.currency)}</Table.Td>
                <Table.Td ta="right" c={t.profit.startsWith('-') ? 'red' : dec(t.profit).gt(0) ? 'green' : undefined} fw={600}>
                  {formatMoney(t.profit, t.currency)}
                </Table.Td>
                <Table.Td ta="right" c={t.margin_percent.startsWith('-') ? 'red' : undefined}>
                  {t.margin_percent}%
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fz="xs" c="dimmed">
        Profit is revenue minus cost; margin is profit divided by revenue (limited to ±9999%). Calculated from the amounts above.
      </Text>
    </Stack>
  );
}

export function FinancialSection(props: SectionProps) {
  const { form, mode, initial } = props;
  return (
    <FormSection title="Financial" description="Charges to the customer, costs, payment" icon={<IconCoin size={18} />}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <NativeSelect label="Currency" data={currencyOptions(mode, initial.currency)} {...form.getInputProps('currency')} />
          <Select label="Payment Terms" placeholder="Select payment terms" data={TERMS_DATA} clearable {...form.getInputProps('payment_terms')} value={selectValue(form.values.payment_terms)} />
          <TextInput type="date" label="Payment Due Date" {...form.getInputProps('payment_due_date')} />
        </SimpleGrid>
        <Divider label="Charges (revenue)" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="charges">
          {CHARGE_FIELDS.map((f) => (
            <AmountInput key={f} {...props} field={f} label={CHARGE_LABELS[f]} />
          ))}
        </SimpleGrid>
        <Divider label="Costs" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="costs">
          {COST_FIELDS.map((f) => (
            <AmountInput key={f} {...props} field={f} label={COST_LABELS[f]} />
          ))}
        </SimpleGrid>
        <Totals {...props} />
      </Stack>
    </FormSection>
  );
}

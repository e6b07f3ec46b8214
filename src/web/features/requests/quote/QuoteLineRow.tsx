import { ActionIcon, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { CURRENCIES } from '@domain/common/enums';
import { CATEGORY_LABELS, CHARGE_CATEGORIES, CHARGE_UNITS, UNIT_LABELS } from '@domain/billing/lines';
import { VAT_CATEGORIES, VAT_CATEGORY_CODES, NEEDS_EXEMPTION_REASON, type VatCategory } from '@domain/money/vat';
import { lowerCase } from '@domain/common/text';
import { formatMoney } from '@web/lib/format';
import { currentLocale, t } from '@web/lib/i18n';
import { translated } from '../request-labels';
import { liveAmount, withCode, type CodeOption, type QuoteFormState } from './quote-form-values';

export type QuoteFormApi = UseFormReturnType<QuoteFormState>;

const CATEGORY_DATA = CHARGE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
const UNIT_DATA = CHARGE_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }));
const CURRENCY_DATA = [...CURRENCIES];
const VAT_DATA = VAT_CATEGORY_CODES.map((c) => ({ value: c, label: VAT_CATEGORIES[c] }));
const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };

/**
 * One line of the quote: its charge code (which sets the category), category, description, quantity, unit, unit
 * price, currency and VAT, with the amount as typed (quantity x unit price, rounded to the currency).
 */
export function QuoteLineRow({ form, index, codes, label }: { form: QuoteFormApi; index: number; codes: readonly CodeOption[]; label: string }) {
  const line = form.values.lines[index]!;
  const path = (f: string) => `lines.${index}.${f}`;
  const amount = liveAmount(line);
  const codeData = codes.filter((c) => c.active || c.code === line.code).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
  const vat = line.vat_category as VatCategory | null;
  const bg = line.side === 'buy' ? 'yellow.0' : 'gray.0';
  return (
    <Paper withBorder radius="md" p="sm" bg={bg} role="group" aria-label={label} data-testid={`quote-line-${line.side}`}>
      <Grid gap="xs" align="flex-end">
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select
            label={t('Code')}
            placeholder={t('None')}
            searchable
            clearable
            data={codeData}
            {...form.getInputProps(path('code'))}
            onChange={(code: string | null) => form.setFieldValue(`lines.${index}`, withCode(line, code, codes))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select label={t('Category')} data={translated(CATEGORY_DATA)} allowDeselect={false} {...form.getInputProps(path('category'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 5 }}>
          <TextInput label={t('Description')} placeholder={t('Optional')} maxLength={300} {...form.getInputProps(path('description'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 2, sm: 1 }}>
          <Group justify="flex-end" h={36} align="center">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('Remove {line}', { line: lowerCase(label, currentLocale()) })} onClick={() => form.removeListItem('lines', index)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <TextInput label={t('Quantity')} {...decimal} {...form.getInputProps(path('quantity'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 2 }}>
          <Select label={t('Unit')} data={translated(UNIT_DATA)} allowDeselect={false} {...form.getInputProps(path('unit'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 2 }}>
          <TextInput label={t('Unit price')} placeholder="0.00" {...decimal} {...form.getInputProps(path('unit_price'))} />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 2 }}>
          <Select label={t('Currency')} data={CURRENCY_DATA} allowDeselect={false} {...form.getInputProps(path('currency'))} />
        </Grid.Col>
        <Grid.Col span={{ base: vat === 'S' ? 7 : 12, sm: 2 }}>
          <Select label={t('VAT')} placeholder={t('None')} clearable data={VAT_DATA.map((o) => ({ value: o.value, label: `${o.value} · ${t(o.label)}` }))} comboboxProps={{ width: 260, position: 'bottom-start' }} {...form.getInputProps(path('vat_category'))} />
        </Grid.Col>
        {vat === 'S' && (
          <Grid.Col span={{ base: 5, sm: 2 }}>
            <TextInput label={t('VAT rate')} rightSection="%" {...decimal} {...form.getInputProps(path('vat_rate'))} />
          </Grid.Col>
        )}
        {vat && NEEDS_EXEMPTION_REASON.has(vat) && (
          <Grid.Col span={{ base: 12, sm: 10 }}>
            <TextInput label={t('Exemption reason')} maxLength={200} {...form.getInputProps(path('exemption_reason'))} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 'auto' }}>
          <Stack gap={0} align="flex-end">
            <Text fz="xs" c="dimmed">
              {t('Amount')}
            </Text>
            <Text fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="quote-line-amount">
              {amount === null ? '—' : formatMoney(amount, line.currency!)}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

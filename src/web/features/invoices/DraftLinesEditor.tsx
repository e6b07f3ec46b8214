import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHARGE_UNITS, UNIT_LABELS } from '@domain/billing/lines';
import { NEEDS_EXEMPTION_REASON, type VatCategory } from '@domain/money/vat';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { blankLine, lineProblems, netOf, type EditorLine } from './draft-lines';
import { vatOptions } from './labels';
import { formatMoney } from './money';

/** A problem of a field, in the reader's language. */
export const shown = (problem: string | undefined) => (problem ? t(problem) : undefined);

type Vat = { category: VatCategory; rate: string; reason: string };

/** "From 1,000.00 USD at 0.911992 (rate of 26 Apr 2023): the amount follows the charge and the rate date." */
function convertedNote(c: NonNullable<EditorLine['converted']>): string {
  const values = { amount: formatMoney(c.source_amount, c.source_currency), rate: c.exchange_rate, date: c.exchange_rate_date ? formatDay(c.exchange_rate_date) : '' };
  if (c.exchange_rate && c.exchange_rate_date) return t('From {amount} at {rate} (rate of {date}): the amount follows the charge and the rate date.', values);
  if (c.exchange_rate) return t('From {amount} at {rate}: the amount follows the charge and the rate date.', values);
  if (c.exchange_rate_date) return t('From {amount} (rate of {date}): the amount follows the charge and the rate date.', values);
  return t('From {amount}: the amount follows the charge and the rate date.', values);
}

/** The VAT category and its rate: a non-standard category sets the rate to 0, back to standard clears a 0. */
export function VatInputs({ category, rate, rateError, categoryLabel, rateLabel, onChange }: {
  category: VatCategory;
  rate: string;
  rateError: string | undefined;
  categoryLabel: string;
  rateLabel: string;
  onChange: (patch: { vat_category?: VatCategory; vat_rate?: string }) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Select
        label={t('VAT')}
        data={vatOptions()}
        value={category}
        allowDeselect={false}
        comboboxProps={{ width: 260 }}
        renderOption={({ option }) => option.label}
        onChange={(v) => v && onChange({ vat_category: v as VatCategory, vat_rate: v === 'S' ? (rate === '0' ? '' : rate) : '0' })}
        aria-label={categoryLabel}
        style={{ flex: '1 1 0', minWidth: 0 }}
      />
      <TextInput label="%" inputMode="decimal" w={64} value={rate} error={rateError} onChange={(e) => onChange({ vat_rate: e.currentTarget.value })} aria-label={rateLabel} />
    </Group>
  );
}

/** One line: description, quantity and unit, unit price, VAT category, rate and exemption reason, its net live. */
function LineCard({ line, index, currency, showErrors, onChange, onRemove }: {
  line: EditorLine;
  index: number;
  currency: string;
  showErrors: boolean;
  onChange: (patch: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  const problems = showErrors ? lineProblems(line) : {};
  const net = netOf(line, currency);
  const n = index + 1;
  const unitOptions = CHARGE_UNITS.map((u) => ({ value: u, label: t(UNIT_LABELS[u]) }));
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="draft-line">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fz="sm" fw={600}>
          {line.shipment_reference ? t('Line {n} · shipment {reference}', { n, reference: line.shipment_reference }) : t('Line {n}', { n })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600} data-testid="draft-line-net">
            {net === null ? '' : formatMoney(net, currency)}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('Remove line {n}', { n })} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {line.converted && (
        <Text fz="xs" c="dimmed" mb={6}>
          {convertedNote(line.converted)}
        </Text>
      )}
      <Stack gap="xs">
        <TextInput aria-label={t('Description of line {n}', { n })} placeholder={t('Description, e.g. Ocean freight Istanbul - Hamburg')} value={line.description} error={shown(problems.description)} onChange={(e) => onChange({ description: e.currentTarget.value })} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput label={t('Quantity')} inputMode="decimal" value={line.quantity} error={shown(problems.quantity)} onChange={(e) => onChange({ quantity: e.currentTarget.value })} aria-label={t('Quantity of line {n}', { n })} />
          <Select label={t('Unit')} data={unitOptions} value={line.unit} allowDeselect={false} onChange={(v) => v && onChange({ unit: v })} aria-label={t('Unit of line {n}', { n })} />
          <TextInput
            label={t('Unit price ({currency})', { currency: currency || '...' })}
            inputMode="decimal"
            value={line.unit_price}
            error={shown(problems.unit_price)}
            disabled={!!line.converted}
            onChange={(e) => onChange({ unit_price: e.currentTarget.value })}
            aria-label={t('Unit price of line {n}', { n })}
          />
          <VatInputs
            category={line.vat_category}
            rate={line.vat_rate}
            rateError={shown(problems.vat_rate)}
            categoryLabel={t('VAT category of line {n}', { n })}
            rateLabel={t('VAT rate of line {n}', { n })}
            onChange={onChange}
          />
        </SimpleGrid>
        {NEEDS_EXEMPTION_REASON.has(line.vat_category) && (
          <TextInput
            label={t('Exemption reason')}
            placeholder={t('e.g. Export of services, VAT law art. 11')}
            value={line.exemption_reason}
            error={shown(problems.exemption_reason)}
            onChange={(e) => onChange({ exemption_reason: e.currentTarget.value })}
            aria-label={t('Exemption reason of line {n}', { n })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The draft's lines, each editable, with "Add line" (new lines take the default VAT). */
export function DraftLinesEditor({ lines, currency, defaultVat, showErrors, onChange }: {
  lines: EditorLine[];
  currency: string;
  defaultVat: Vat;
  showErrors: boolean;
  onChange: (lines: EditorLine[]) => void;
}) {
  return (
    <Stack gap="sm">
      {lines.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('No lines yet: add one, or choose shipments whose unbilled charges the draft bills.')}
        </Text>
      )}
      {lines.map((l, i) => (
        <LineCard
          key={l.key}
          line={l}
          index={i}
          currency={currency}
          showErrors={showErrors}
          onChange={(patch) => onChange(lines.map((x) => (x.key === l.key ? { ...x, ...patch } : x)))}
          onRemove={() => onChange(lines.filter((x) => x.key !== l.key))}
        />
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...lines, blankLine(defaultVat)])}>
          {t('Add line')}
        </Button>
      </Group>
    </Stack>
  );
}

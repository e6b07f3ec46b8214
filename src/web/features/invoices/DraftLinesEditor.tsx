import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHARGE_UNITS, UNIT_LABELS } from '@domain/billing/lines';
import { NEEDS_EXEMPTION_REASON, type VatCategory } from '@domain/money/vat';
import { formatDay } from '@web/lib/format';
import { blankLine, lineProblems, netOf, type EditorLine } from './draft-lines';
import { VAT_OPTIONS } from './labels';
import { formatMoney } from './money';

const UNIT_OPTIONS = CHARGE_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }));

type Vat = { category: VatCategory; rate: string; reason: string };

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
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="draft-line">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fz="sm" fw={600}>
          Line {n}
          {line.shipment_reference ? ` · shipment ${line.shipment_reference}` : ''}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600} data-testid="draft-line-net">
            {net === null ? '' : formatMoney(net, currency)}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove line ${n}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {line.converted && (
        <Text fz="xs" c="dimmed" mb={6}>
          From {formatMoney(line.converted.source_amount, line.converted.source_currency)}
          {line.converted.exchange_rate ? ` at ${line.converted.exchange_rate}` : ''}
          {line.converted.exchange_rate_date ? ` (rate of ${formatDay(line.converted.exchange_rate_date)})` : ''}: the amount follows the charge and the rate date.
        </Text>
      )}
      <Stack gap="xs">
        <TextInput aria-label={`Description of line ${n}`} placeholder="Description, e.g. Ocean freight Istanbul - Hamburg" value={line.description} error={problems.description} onChange={(e) => onChange({ description: e.currentTarget.value })} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput label="Quantity" inputMode="decimal" value={line.quantity} error={problems.quantity} onChange={(e) => onChange({ quantity: e.currentTarget.value })} aria-label={`Quantity of line ${n}`} />
          <Select label="Unit" data={UNIT_OPTIONS} value={line.unit} allowDeselect={false} onChange={(v) => v && onChange({ unit: v })} aria-label={`Unit of line ${n}`} />
          <TextInput
            label={`Unit price (${currency || '...'})`}
            inputMode="decimal"
            value={line.unit_price}
            error={problems.unit_price}
            disabled={!!line.converted}
            onChange={(e) => onChange({ unit_price: e.currentTarget.value })}
            aria-label={`Unit price of line ${n}`}
          />
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Select
              label="VAT"
              data={VAT_OPTIONS}
              value={line.vat_category}
              allowDeselect={false}
              comboboxProps={{ width: 260 }}
              renderOption={({ option }) => option.label}
              onChange={(v) => v && onChange({ vat_category: v as VatCategory, vat_rate: v === 'S' ? (line.vat_rate === '0' ? '' : line.vat_rate) : '0' })}
              aria-label={`VAT category of line ${n}`}
              style={{ flex: '1 1 0', minWidth: 0 }}
            />
            <TextInput label="%" inputMode="decimal" w={64} value={line.vat_rate} error={problems.vat_rate} onChange={(e) => onChange({ vat_rate: e.currentTarget.value })} aria-label={`VAT rate of line ${n}`} />
          </Group>
        </SimpleGrid>
        {NEEDS_EXEMPTION_REASON.has(line.vat_category) && (
          <TextInput
            label="Exemption reason"
            placeholder="e.g. Export of services, VAT law art. 11"
            value={line.exemption_reason}
            error={problems.exemption_reason}
            onChange={(e) => onChange({ exemption_reason: e.currentTarget.value })}
            aria-label={`Exemption reason of line ${n}`}
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
          No lines yet: add one, or choose shipments whose unbilled charges the draft bills.
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
          Add line
        </Button>
      </Group>
    </Stack>
  );
}

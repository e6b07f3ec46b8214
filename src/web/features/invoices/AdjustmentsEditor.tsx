import { ActionIcon, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_ADJUSTMENTS } from '@domain/billing/schema';
import { NEEDS_EXEMPTION_REASON, type VatCategory } from '@domain/money/vat';
import { isDecimalString } from '@domain/money/decimal';
import { t } from '@web/lib/i18n';
import { adjustmentProblems, blankAdjustment, type EditorAdjustment } from './draft-lines';
import { shown, VatInputs } from './DraftLinesEditor';
import { formatMoney } from './money';

type Vat = { category: VatCategory; rate: string; reason: string };

/** One allowance (taken off) or charge (added): kind, reason, amount in the invoice's currency, VAT. */
function AdjustmentCard({ adjustment: a, index, currency, showErrors, onChange, onRemove }: {
  adjustment: EditorAdjustment;
  index: number;
  currency: string;
  showErrors: boolean;
  onChange: (patch: Partial<EditorAdjustment>) => void;
  onRemove: () => void;
}) {
  const problems = showErrors ? adjustmentProblems(a) : {};
  const n = index + 1;
  const amount = a.amount.trim();
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="draft-adjustment">
      <Group justify="space-between" mb={6} gap="xs">
        <SegmentedControl
          size="xs"
          style={{ flexShrink: 0 }}
          value={a.kind}
          onChange={(v) => onChange({ kind: v })}
          data={[
            { value: 'allowance', label: t('Allowance (−)') },
            { value: 'charge', label: t('Extra charge (+)') },
          ]}
          aria-label={t('Allowance or charge {n}', { n })}
        />
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="draft-adjustment-amount">
            {isDecimalString(amount) ? formatMoney(a.kind === 'allowance' ? `-${amount}` : amount, currency) : ''}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('Remove allowance or charge {n}', { n })} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            label={t('Reason')}
            placeholder={a.kind === 'allowance' ? t('e.g. Volume discount') : t('e.g. Insurance')}
            maxLength={100}
            value={a.reason}
            error={shown(problems.reason)}
            onChange={(e) => onChange({ reason: e.currentTarget.value })}
            aria-label={t('Reason of allowance or charge {n}', { n })}
          />
          <TextInput
            label={t('Amount ({currency})', { currency: currency || '...' })}
            inputMode="decimal"
            value={a.amount}
            error={shown(problems.amount)}
            onChange={(e) => onChange({ amount: e.currentTarget.value })}
            aria-label={t('Amount of allowance or charge {n}', { n })}
          />
          <VatInputs
            category={a.vat_category}
            rate={a.vat_rate}
            rateError={shown(problems.vat_rate)}
            categoryLabel={t('VAT category of allowance or charge {n}', { n })}
            rateLabel={t('VAT rate of allowance or charge {n}', { n })}
            onChange={onChange}
          />
        </SimpleGrid>
        {NEEDS_EXEMPTION_REASON.has(a.vat_category) && (
          <TextInput
            label={t('Exemption reason')}
            placeholder={t('e.g. Export of services, VAT law art. 11')}
            value={a.exemption_reason}
            error={shown(problems.exemption_reason)}
            onChange={(e) => onChange({ exemption_reason: e.currentTarget.value })}
            aria-label={t('Exemption reason of allowance or charge {n}', { n })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The draft's document-level allowances (a discount, taken off) and charges (insurance, a surcharge, added), each
 * with its own VAT (EN 16931 BG-20 and BG-21): at most MAX_ADJUSTMENTS, amounts in the invoice's currency.
 */
export function AdjustmentsEditor({ adjustments, currency, defaultVat, showErrors, onChange }: {
  adjustments: EditorAdjustment[];
  currency: string;
  defaultVat: Vat;
  showErrors: boolean;
  onChange: (adjustments: EditorAdjustment[]) => void;
}) {
  const full = adjustments.length >= MAX_ADJUSTMENTS;
  return (
    <Stack gap="sm">
      {adjustments.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('None: a discount on the whole invoice or a charge such as insurance goes here, with its own VAT.')}
        </Text>
      )}
      {adjustments.map((a, i) => (
        <AdjustmentCard
          key={a.key}
          adjustment={a}
          index={i}
          currency={currency}
          showErrors={showErrors}
          onChange={(patch) => onChange(adjustments.map((x) => (x.key === a.key ? { ...x, ...patch } : x)))}
          onRemove={() => onChange(adjustments.filter((x) => x.key !== a.key))}
        />
      ))}
      <Group gap="xs">
        <Button variant="light" leftSection={<IconMinus size={16} />} disabled={full} onClick={() => onChange([...adjustments, blankAdjustment('allowance', defaultVat)])}>
          {t('Add allowance')}
        </Button>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={full} onClick={() => onChange([...adjustments, blankAdjustment('charge', defaultVat)])}>
          {t('Add extra charge')}
        </Button>
      </Group>
    </Stack>
  );
}

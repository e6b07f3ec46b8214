import { Button, Group, Input, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ChargeSide } from '@domain/billing/lines';
import { msg } from '@domain/common/i18n';
import { MAX_QUOTE_LINES } from '@domain/requests/quote-schema';
import { fieldId } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';
import { nextLine, type CodeOption } from './quote-form-values';
import { QuoteLineRow, type QuoteFormApi } from './QuoteLineRow';

export type { QuoteFormApi } from './QuoteLineRow';

const SIDES: Record<ChargeSide, { title: string; hint: string; one: string; add: string; none: string }> = {
  sell: {
    title: msg('Charges'),
    hint: msg('What the customer pays: several lines per category (freight, BAF, THC ...), each in its currency.'),
    one: msg('Charge {number}'),
    add: msg('Add charge'),
    none: msg('No charges yet.'),
  },
  buy: {
    title: msg('Costs (staff only)'),
    hint: msg('What we expect to pay the carrier or agents: never shown to the customer, booked onto the shipment as its costs.'),
    one: msg('Cost {number}'),
    add: msg('Add cost'),
    none: msg('No costs yet.'),
  },
};

/** The lines of one side, in the quote's order, with the add button; new charges go after the last charge. */
function SideLines({ form, side, codes }: { form: QuoteFormApi; side: ChargeSide; codes: readonly CodeOption[] }) {
  const lines = form.values.lines;
  const text = SIDES[side];
  const mine = lines.flatMap((l, i) => (l.side === side ? [i] : []));
  const addColor = side === 'buy' ? 'yellow' : undefined;
  const add = () => {
    const at = side === 'sell' ? lines.findLastIndex((l) => l.side === 'sell') + 1 : lines.length;
    form.insertListItem('lines', nextLine(lines, side), at);
    form.clearFieldError('lines');
  };
  return (
    <Stack gap="xs" data-testid={`quote-${side}-lines`}>
      <div>
        <Title order={4} fz="md">
          {t(text.title)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(text.hint)}
        </Text>
      </div>
      {mine.map((i, n) => (
        <QuoteLineRow key={i} form={form} index={i} codes={codes} label={t(text.one, { number: n + 1 })} />
      ))}
      {mine.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t(text.none)}
        </Text>
      )}
      <Group>
        <Button
          id={side === 'sell' ? fieldId('quote-lines') : undefined}
          variant="light"
          size="sm"
          color={addColor}
          leftSection={<IconPlus size={16} />}
          disabled={lines.length >= MAX_QUOTE_LINES}
          onClick={add}
        >
          {t(text.add)}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The quote's lines (issue 38): charges the customer reads and costs only staff read, each a charge line with its
 * code, category, quantity, unit, unit price, currency and VAT.
 */
export function QuoteLines({ form, codes }: { form: QuoteFormApi; codes: readonly CodeOption[] }) {
  return (
    <Stack gap="lg" data-testid="quote-line-editor">
      <SideLines form={form} side="sell" codes={codes} />
      {form.errors.lines && <Input.Error role="alert">{form.errors.lines}</Input.Error>}
      <SideLines form={form} side="buy" codes={codes} />
    </Stack>
  );
}

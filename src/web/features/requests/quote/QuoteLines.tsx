import { ActionIcon, Button, Grid, Group, Input, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHARGE_FIELDS, CURRENCIES } from '@domain/common/enums';
import { MAX_QUOTE_LINES } from '@domain/requests/quote-schema';
import { CHARGE_LABELS } from '@domain/shipments/index';
import { fieldId } from '@web/lib/form-fields';
import { nextLine, type QuoteFormState } from './quote-form-values';

export type QuoteFormApi = UseFormReturnType<QuoteFormState>;

const CHARGE_DATA = CHARGE_FIELDS.map((c) => ({ value: c, label: CHARGE_LABELS[c] }));
const CURRENCY_DATA = [...CURRENCIES];
const money = { step: 0.01, decimalScale: 2, min: 0, allowNegative: false, hideControls: true, thousandSeparator: ',' } as const;

/**
 * The quote's charge lines: one per charge category of the shipment (a category once), each with its amount and
 * currency, the carrier cost staff expect to pay (never shown to the customer) and an optional description.
 */
export function QuoteLines({ form }: { form: QuoteFormApi }) {
  const lines = form.values.lines;
  return (
    <Stack gap="sm" data-testid="quote-line-editor">
      <Text fz="sm" c="dimmed">
        One line per charge. The carrier cost is for staff only: the customer sees the charges and the totals.
      </Text>
      {lines.map((_line, i) => (
        <Paper key={i} withBorder radius="md" p="sm" bg="gray.0" role="group" aria-label={`Charge ${i + 1}`} data-testid="quote-line-row">
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select label="Charge" data={CHARGE_DATA} allowDeselect={false} {...form.getInputProps(`lines.${i}.category`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 7, sm: 4 }}>
              <NumberInput label="Amount" {...money} {...form.getInputProps(`lines.${i}.amount`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 3 }}>
              <Select label="Currency" data={CURRENCY_DATA} allowDeselect={false} {...form.getInputProps(`lines.${i}.currency`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput label="Carrier cost" {...money} {...form.getInputProps(`lines.${i}.cost`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 10, sm: 7 }}>
              <TextInput label="Description" placeholder="Optional" maxLength={200} {...form.getInputProps(`lines.${i}.description`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 2, sm: 1 }}>
              <Group justify="flex-end" h={36} align="center">
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove charge ${i + 1}`} onClick={() => form.removeListItem('lines', i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      {lines.length === 0 && (
        <Text fz="sm" c="dimmed">
          No charges yet.
        </Text>
      )}
      {form.errors.lines && <Input.Error role="alert">{form.errors.lines}</Input.Error>}
      <Group>
        <Button
          id={fieldId('quote-lines')}
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={lines.length >= MAX_QUOTE_LINES}
          onClick={() => {
            form.insertListItem('lines', nextLine(lines));
            form.clearFieldError('lines');
          }}
        >
          Add charge
        </Button>
      </Group>
    </Stack>
  );
}

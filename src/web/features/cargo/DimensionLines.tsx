import { memo, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Box, Button, Grid, Group, NativeSelect, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_PIECE_LINES, PIECE_UNITS, blankPiece } from '@domain/shipments/index';
import type { UseFormReturnType } from '@mantine/form';
import { fieldId, sameRow } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';
import type { PieceRow } from './piece-rows';

/** Any form that holds dimension lines under `pieces` (the shipment form, the request form). */
export type PiecesForm = UseFormReturnType<{ pieces: PieceRow[] }>;

const UNIT_DATA = [...PIECE_UNITS];
// Typed as it is, a minus or a 0 included: the form's check names the problem instead of the input changing the
// figure silently (issue 37: -3 pieces became 3, and 0 became 1 on leaving the input).
const dimension = { step: 0.1, decimalScale: 2, clampBehavior: 'none', hideControls: true } as const;

/** `row` and `errors` are the line's values and messages: the row renders again when either changes. */
type RowProps = { form: PiecesForm; index: number; row: PieceRow; errors: string };

/** The messages of one line's inputs, as one string (the row re-renders when they change). */
const rowErrors = (form: PiecesForm, i: number) =>
  Object.entries(form.errors)
    .filter(([k]) => k.startsWith(`pieces.${i}.`))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : 'invalid'}`)
    .join('|');

/**
 * One dimension line. Memoised: typing in a line renders that line (and the totals), not every line; @mantine/form's
 * handlers read the form's current state, so a row kept from an earlier render still writes correctly.
 */
const LineRow = memo(
  function LineRow({ form, index }: RowProps) {
    return (
      <Box
        role="group"
        aria-label={t('Dimension line {number}', { number: index + 1 })}
        data-testid="dimension-line"
        pb="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Grid columns={24} gap="xs" align="flex-end">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label={t('Pieces')} step={1} allowDecimal={false} clampBehavior="none" hideControls {...form.getInputProps(`pieces.${index}.count`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput label={t('Length')} {...dimension} {...form.getInputProps(`pieces.${index}.length`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput label={t('Width')} {...dimension} {...form.getInputProps(`pieces.${index}.width`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput label={t('Height')} {...dimension} {...form.getInputProps(`pieces.${index}.height`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 3 }}>
            <NativeSelect label={t('Unit')} data={UNIT_DATA} {...form.getInputProps(`pieces.${index}.unit`)} withAsterisk={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 13, sm: 5 }}>
            <NumberInput
              label={t('Weight per Piece')}
              step={0.01}
              decimalScale={3}
              clampBehavior="none"
              hideControls
              rightSection="kg"
              rightSectionWidth={32}
              {...form.getInputProps(`pieces.${index}.weight`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 1 }}>
            <Group justify="flex-end" h={36} align="center">
              <Tooltip label={t('Remove line')}>
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('Remove dimension line {number}', { number: index + 1 })} onClick={() => form.removeListItem('pieces', index)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Grid.Col>
        </Grid>
      </Box>
    );
  },
  (a, b) => a.index === b.index && a.errors === b.errors && sameRow(a.row, b.row),
);

/**
 * The dimension lines of the Cargo card (issue 14): one row per kind of piece, Pieces x Length x Width x Height in cm
 * or inches, and an optional weight per piece. Keyboard: the inputs tab in reading order; "Add dimension line" and
 * Enter in the last input of the last row add a row and put the cursor in its Pieces input. Enter in a row never
 * submits the form.
 */
export function DimensionLines({ form }: { form: PiecesForm }) {
  const rows = form.values.pieces;

  const add = () => {
    const index = rows.length;
    flushSync(() => form.insertListItem('pieces', { ...blankPiece() }));
    document.getElementById(fieldId(`pieces.${index}.count`))?.focus();
  };

  // Enter in a line's input (it bubbles here) never submits the form; in the last input of the last line it adds a line.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (event.target.id === fieldId(`pieces.${rows.length - 1}.weight`) && rows.length < MAX_PIECE_LINES) add();
  };

  return (
    <Stack gap="xs" data-testid="dimension-lines" onKeyDown={onKeyDown}>
      <div>
        <Text fw={600} fz="sm">
          {t('Dimension lines')}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('Each line is a number of identical pieces. Volume, volumetric and chargeable weight follow from them.')}
        </Text>
      </div>
      {rows.map((row, i) => (
        <LineRow key={i} form={form} index={i} row={row} errors={rowErrors(form, i)} />
      ))}
      <Group>
        <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} disabled={rows.length >= MAX_PIECE_LINES} onClick={add}>
          {t('Add dimension line')}
        </Button>
      </Group>
    </Stack>
  );
}

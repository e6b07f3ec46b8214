import type { KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Box, Button, Grid, Group, NativeSelect, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_PIECE_LINES, PIECE_UNITS, blankPiece } from '../../../../domain/shipments';
import type { ShipmentFormApi } from './form-context';
import { fieldId } from './form-values';

const UNIT_DATA = [...PIECE_UNITS];
const dimension = { step: 0.1, decimalScale: 2, min: 0, allowNegative: false, hideControls: true } as const;

/**
 * The dimension lines of the Cargo card (issue 14): one row per kind of piece, Pieces x Length x Width x Height in cm
 * or inches, and an optional weight per piece. Keyboard: the inputs tab in reading order; "Add dimension line" and
 * Enter in the last input of the last row add a row and put the cursor in its Pieces input. Enter in a row never
 * submits the form.
 */
export function DimensionLines({ form }: { form: ShipmentFormApi }) {
  const rows = form.values.pieces;

  const add = () => {
    const index = rows.length;
    flushSync(() => form.insertListItem('pieces', { ...blankPiece() }));
    document.getElementById(fieldId(`pieces.${index}.count`))?.focus();
  };

  const onKeyDown = (i: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (i === rows.length - 1 && event.target.id === fieldId(`pieces.${i}.weight`) && rows.length < MAX_PIECE_LINES) add();
  };

  return (
    <Stack gap="xs" data-testid="dimension-lines">
      <div>
        <Text fw={600} fz="sm">
          Dimension lines
        </Text>
        <Text fz="xs" c="dimmed">
          Each line is a number of identical pieces. Volume, volumetric and chargeable weight follow from them.
        </Text>
      </div>
      {rows.map((row, i) => (
        <Box
          key={i}
          role="group"
          aria-label={`Dimension line ${i + 1}`}
          data-testid="dimension-line"
          onKeyDown={onKeyDown(i)}
          pb="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Grid columns={24} gap="xs" align="flex-end">
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <NumberInput label="Pieces" min={1} step={1} allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps(`pieces.${i}.count`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <NumberInput label="Length" {...dimension} {...form.getInputProps(`pieces.${i}.length`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <NumberInput label="Width" {...dimension} {...form.getInputProps(`pieces.${i}.width`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <NumberInput label="Height" {...dimension} {...form.getInputProps(`pieces.${i}.height`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 7, sm: 3 }}>
              <NativeSelect label="Unit" data={UNIT_DATA} {...form.getInputProps(`pieces.${i}.unit`)} withAsterisk={false} />
            </Grid.Col>
            <Grid.Col span={{ base: 13, sm: 5 }}>
              <NumberInput
                label="Weight per Piece"
                step={0.01}
                decimalScale={3}
                min={0}
                allowNegative={false}
                hideControls
                rightSection="kg"
                rightSectionWidth={32}
                {...form.getInputProps(`pieces.${i}.weight`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 1 }}>
              <Group justify="flex-end" h={36} align="center">
                <Tooltip label="Remove line">
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove dimension line ${i + 1}`} onClick={() => form.removeListItem('pieces', i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Grid.Col>
          </Grid>
        </Box>
      ))}
      <Group>
        <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} disabled={rows.length >= MAX_PIECE_LINES} onClick={add}>
          Add dimension line
        </Button>
      </Group>
    </Stack>
  );
}

import { ActionIcon, Button, Grid, Group, Input, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CONTAINER_TYPES } from '@domain/common/enums';
import { MAX_CONTAINERS_PER_LINE, MAX_EQUIPMENT_LINES } from '@domain/requests/schema';
import { containerTypeLabel } from '@domain/shipments/index';
import { fieldId } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';
import type { RequestFormApi } from './request-form';
import { blankEquipmentRow } from './request-form-values';

const TYPE_DATA = CONTAINER_TYPES.map((t) => ({ value: t, label: containerTypeLabel(t) }));

/** The containers a full-container (FCL) sea request asks for: one line per container type with its count. */
export function EquipmentLines({ form }: { form: RequestFormApi }) {
  const rows = form.values.equipment;
  const error = form.errors.equipment;
  return (
    <Stack gap="xs" data-testid="equipment-lines">
      <div>
        <Text fw={600} fz="sm">
          {t('Containers')}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('One line per container type, with how many you need.')}
        </Text>
      </div>
      {rows.map((_row, i) => (
        <Grid key={i} columns={24} gap="xs" align="flex-end" role="group" aria-label={t('Container line {number}', { number: i + 1 })} data-testid="equipment-line">
          <Grid.Col span={{ base: 14, sm: 12 }}>
            <Select label={t('Container Type')} placeholder={t('Select type')} data={TYPE_DATA} allowDeselect={false} {...form.getInputProps(`equipment.${i}.type`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 6 }}>
            <NumberInput label={t('Containers')} min={1} max={MAX_CONTAINERS_PER_LINE} step={1} allowDecimal={false} allowNegative={false} {...form.getInputProps(`equipment.${i}.count`)} />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <Group justify="flex-end" h={36} align="center">
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('Remove container line {number}', { number: i + 1 })} onClick={() => form.removeListItem('equipment', i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Grid.Col>
        </Grid>
      ))}
      {error && <Input.Error role="alert">{error}</Input.Error>}
      <Group>
        <Button
          id={fieldId('equipment')}
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_EQUIPMENT_LINES}
          onClick={() => {
            form.insertListItem('equipment', blankEquipmentRow());
            form.clearFieldError('equipment');
          }}
        >
          {t('Add container line')}
        </Button>
      </Group>
    </Stack>
  );
}

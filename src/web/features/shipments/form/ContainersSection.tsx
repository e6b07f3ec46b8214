import { ActionIcon, Button, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBox, IconPlus, IconTrash } from '@tabler/icons-react';
import { CONTAINER_TYPES, PACKAGE_TYPES } from '@domain/common/enums';
import { MAX_CONTAINERS, blankContainer, containerNumberProblem, containerTypeLabel, normalizeContainerNumber } from '@domain/shipments/index';
import { CheckedTextInput } from '@web/ui/CheckedTextInput';
import { selectValue, shownProblem, type SectionProps } from './form-context';
import { enumOptions, type ContainerRow } from './form-values';
import { packageTypeLabel } from '../labels';
import { t } from '@web/lib/i18n';
import { FormSection } from '@web/ui/FormSection';

/** The seed's codes with their ISO 6346 size-type code: '40HC (45G1)' (the value stays '40HC'). */
const TYPE_DATA = CONTAINER_TYPES.map((t) => ({ value: t, label: containerTypeLabel(t) }));
/** A container number is checked while typing once its 11 characters are there (spaces and dashes aside). */
const complete = (v: string) => normalizeContainerNumber(v).length >= 11;

/**
 * Container rows of a sea (or partial-by-sea) shipment: type, number, carrier seal number, weight and volume (default 0),
 * and the number and kind of packages in it (printed on the house bill of lading).
 * The number is checked as typed (ISO 6346 check digit) and written upper case without spaces or dashes on leaving it.
 */
export function ContainersSection({ form }: SectionProps) {
  const rows = form.values.containers;
  return (
    <FormSection title={t('Container')} description={t('One row per container (sea freight)')} icon={<IconBox size={18} />}>
    <Stack gap="sm" data-testid="containers">
      {rows.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('No containers yet. Add one for each container of this shipment.')}
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper key={i} withBorder radius="md" p="md" bg="gray.0" data-testid="container-row" role="group" aria-label={t('Container {number}', { number: i + 1 })}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} fz="sm">
              {t('Container {number}', { number: i + 1 })}
            </Text>
            <Tooltip label={t('Remove container')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('Remove container {number}', { number: i + 1 })} onClick={() => form.removeListItem('containers', i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
              <Select label={t('Container Type')} placeholder={t('Select type')} data={TYPE_DATA} {...form.getInputProps(`containers.${i}.type`)} value={selectValue(row.type)} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <CheckedTextInput
                form={form}
                path={`containers.${i}.number`}
                label={t('Container Number')}
                placeholder={t('e.g. {example}', { example: 'CSQU3054383' })}
                maxLength={50}
                autoCapitalize="characters"
                problem={shownProblem(containerNumberProblem)}
                normalize={normalizeContainerNumber}
                complete={complete}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <TextInput label={t('Carrier Seal Number')} maxLength={50} {...form.getInputProps(`containers.${i}.carrier_seal_number`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <NumberInput label={t('Weight')} step={0.01} decimalScale={2} min={0} allowNegative={false} hideControls rightSection="kg" rightSectionWidth={36} {...form.getInputProps(`containers.${i}.weight`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <NumberInput label={t('Volume')} step={0.001} decimalScale={3} min={0} allowNegative={false} hideControls rightSection="m³" rightSectionWidth={36} {...form.getInputProps(`containers.${i}.volume`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
              <NumberInput label={t('Container Packages')} step={1} min={0} allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps(`containers.${i}.packages_count`)} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 3 }}>
              <Select
                label={t('Container Package Type')}
                placeholder={t('Select package type')}
                data={enumOptions(PACKAGE_TYPES, packageTypeLabel)}
                clearable
                {...form.getInputProps(`containers.${i}.package_type`)}
                value={selectValue(row.package_type)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
              <NumberInput
                label={t('Container Free Days')}
                placeholder={t('As the shipment')}
                step={1}
                min={0}
                max={365}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps(`containers.${i}.free_days`)}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_CONTAINERS}
          onClick={() => form.insertListItem('containers', blankContainer() as ContainerRow)}
        >
          {t('Add Container')}
        </Button>
      </Group>
    </Stack>
    </FormSection>
  );
}

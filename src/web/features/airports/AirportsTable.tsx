import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Airport } from '@domain/airports/schema';
import { t } from '@web/lib/i18n';
import { countryName } from './country-name';

/** The /airports table: IATA Code, Name, City, Country, Edit, Delete. */
export function AirportsTable({ rows, onEdit, onDelete }: { rows: Airport[]; onEdit: (a: Airport) => void; onDelete: (a: Airport) => void }) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('Airports')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{t('IATA Code')}</Table.Th>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('City')}</Table.Th>
            <Table.Th>{t('Country')}</Table.Th>
            <Table.Th w={70} ta="center">
              {t('Edit')}
            </Table.Th>
            <Table.Th w={70} ta="center">
              {t('Delete')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => {
            const country = countryName(a.iso_country);
            return (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Badge variant="light" radius="sm" size="lg" ff="monospace">
                    {a.iata_code}
                  </Badge>
                </Table.Td>
                <Table.Td fw={500}>{a.name}</Table.Td>
                <Table.Td>{a.municipality ?? <Text c="dimmed" span>—</Text>}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text span ff="monospace" fw={600}>
                      {a.iso_country}
                    </Text>
                    {country && (
                      <Text span c="dimmed" fz="sm">
                        {country}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label={t('Edit')} withArrow>
                    <ActionIcon variant="subtle" aria-label={t('Edit {name}', { name: a.name })} onClick={() => onEdit(a)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label={t('Delete')} withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={t('Delete {name}', { name: a.name })} onClick={() => onDelete(a)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

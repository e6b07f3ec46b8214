import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';
import { ContactLinks } from './ContactLinks';

type Row = {
  id: string;
  name: string;
  country: string;
  registration_number: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
};

/**
 * The table of the partner lists: Name, [the partner's type], Country, Registration (or '-'), Contact (mail,
 * phone, website links) and Actions (edit link, delete).
 */
export function PartnerTable<T extends Row>({
  label, rows, typeColumn, editLink, onDelete,
}: {
  label: string;
  rows: T[];
  typeColumn?: { title: string; render: (row: T) => ReactNode };
  editLink: (row: T) => ReactNode;
  onDelete: (row: T) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={typeColumn ? 880 : 760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Name')}</Table.Th>
            {typeColumn && <Table.Th>{typeColumn.title}</Table.Th>}
            <Table.Th>{t('Country')}</Table.Th>
            <Table.Th>{t('Registration')}</Table.Th>
            <Table.Th>{t('Contact')}</Table.Th>
            <Table.Th w={100} ta="right">
              {t('Actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td fw={600}>{row.name}</Table.Td>
              {typeColumn && <Table.Td style={{ whiteSpace: 'nowrap' }}>{typeColumn.render(row)}</Table.Td>}
              <Table.Td>{row.country}</Table.Td>
              <Table.Td>{row.registration_number ? <Text span ff="monospace" fz="sm">{row.registration_number}</Text> : <Text span c="dimmed">-</Text>}</Table.Td>
              <Table.Td>
                <ContactLinks email={row.contact_email} phone={row.contact_phone} website={row.website} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {editLink(row)}
                  <Tooltip label={t('Delete')} withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={t('Delete {name}', { name: row.name })} onClick={() => onDelete(row)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

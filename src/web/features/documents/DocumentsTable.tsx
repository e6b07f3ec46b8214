import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Center, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconLink, IconLinkOff, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DocumentAssignment, DocumentRow, DocumentSort } from '@domain/documents/schema';
import { formatFileSize } from '@domain/documents/rules';
import { formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { SortableTh } from '@web/ui/SortableTh';
import { fileTypeOf } from './file-type';
import { FileTypeIcon } from './FileTypeIcon';
import { documentSortOf, toggledSort, useDocumentSearch } from './search';

export type DocumentAction = 'view' | 'download' | 'assign' | 'unassign' | 'delete';

/** assignedToLabel's 'Assigned to: {reference}' (or 'Unknown Shipment') in the reader's language. */
const assignedToText = (a: Pick<DocumentAssignment, 'reference_number'>) => t('Assigned to: {reference}', { reference: a.reference_number ?? t('Unknown Shipment') });

function SortHeader({ label, sort, width }: { label: string; sort: DocumentSort; width?: number }) {
  const [search, setSearch] = useDocumentSearch();
  const current = documentSortOf(search);
  return <SortableTh label={label} width={width} active={current.sort === sort} dir={current.dir} onClick={() => setSearch(toggledSort(search, sort))} />;
}

/** A row action: a short tooltip, and an accessible name that says which file it acts on. */
function Action({ tip, label, icon, color, onClick, loading }: { tip: string; label: string; icon: ReactNode; color?: string; onClick: () => void; loading?: boolean }) {
  return (
    <Tooltip label={tip} withinPortal>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} loading={loading}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The documents library table: Name (with the assignment line), Type, Size, Date and the row actions. */
export function DocumentsTable({
  rows, loading, busyName, onAction, empty,
}: {
  rows: DocumentRow[];
  loading: boolean;
  /** The file whose download is being prepared. */
  busyName: string | null;
  onAction: (action: DocumentAction, row: DocumentRow) => void;
  empty: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={860} style={{ opacity: loading ? 0.6 : 1 }}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t('Documents')}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('Name')} sort="name" />
            <Table.Th w={110}>{t('Type')}</Table.Th>
            <SortHeader label={t('Size')} sort="size" width={110} />
            <SortHeader label={t('Date')} sort="created_at" width={190} />
            <Table.Th w={170}>{t('Actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const type = fileTypeOf(row.original_name);
            const assignment = row.assignment;
            return (
              <Table.Tr key={row.name} data-testid="document-row">
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <FileTypeIcon name={row.original_name} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="document-name">
                        {row.original_name}
                      </Text>
                      {assignment && (
                        <Text fz="xs" c="dimmed" data-testid="document-assignment">
                          {assignment.reference_number ? (
                            <Anchor fz="xs" inherit renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id: assignment.shipment_id }} />}>
                              {assignedToText(assignment)}
                            </Anchor>
                          ) : (
                            assignedToText(assignment)
                          )}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={type.color} radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid="document-type">
                    {t(type.label)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="document-size">
                  {formatFileSize(row.size, reader())}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Action tip={t('View')} label={t('View {name}', { name: row.original_name })} icon={<IconEye size={18} />} onClick={() => onAction('view', row)} />
                    <Action
                      tip={t('Download')}
                      label={t('Download {name}', { name: row.original_name })}
                      icon={<IconDownload size={18} />}
                      loading={busyName === row.name}
                      onClick={() => onAction('download', row)}
                    />
                    {row.assignment ? (
                      <Action tip={t('Remove assignment')} label={t('Remove assignment of {name}', { name: row.original_name })} icon={<IconLinkOff size={18} />} color="orange" onClick={() => onAction('unassign', row)} />
                    ) : (
                      <Action tip={t('Assign to shipment')} label={t('Assign {name}', { name: row.original_name })} icon={<IconLink size={18} />} onClick={() => onAction('assign', row)} />
                    )}
                    <Action tip={t('Delete')} label={t('Delete {name}', { name: row.original_name })} icon={<IconTrash size={18} />} color="red" onClick={() => onAction('delete', row)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                {loading ? (
                  <Center py={48}>
                    <Loader size="sm" />
                  </Center>
                ) : (
                  empty
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

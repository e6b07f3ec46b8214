import { useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Modal, Select, SimpleGrid, Stack, Switch, Table, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CATEGORY_LABELS, CHARGE_CATEGORIES, type ChargeCategory } from '@domain/billing/lines';
import type { ChargeCode } from '@domain/billing/charges-schema';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormActions, recordFieldError } from '@web/ui/RecordFormPage';
import { chargeCodeListQuery, useSaveCode } from './api';

type Values = { code: string; category: ChargeCategory; name: string; active: boolean };

/** Add a code, or rename, move or retire one (the code itself stays: lines refer to it). */
function ChargeCodeForm({ existing, onClose }: { existing?: ChargeCode; onClose: () => void }) {
  const save = useSaveCode();
  const form = useForm<Values>({ initialValues: existing ?? { code: '', category: 'freight', name: '', active: true } });
  const fieldError = (field: string) => recordFieldError(save.error, field, '');
  const submit = form.onSubmit((v) =>
    save.mutate(
      existing ? { existing: existing.code, values: { category: v.category, name: v.name, active: v.active } } : { values: v },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: existing ? 'Charge code saved' : 'Charge code added', message: `${saved.code} · ${saved.name}` });
          onClose();
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={existing ? `Edit ${existing.code}` : 'Add charge code'}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <ErrorBanner error={save.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Code"
              withAsterisk
              disabled={!!existing}
              maxLength={8}
              placeholder="e.g. LSS"
              description="2 to 8 capital letters or digits"
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              {...form.getInputProps('code')}
              onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
              error={fieldError('code')}
            />
            <Select label="Category" withAsterisk allowDeselect={false} data={CHARGE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))} {...form.getInputProps('category')} error={fieldError('category')} />
          </SimpleGrid>
          <TextInput label="Name" withAsterisk maxLength={100} placeholder="e.g. Low sulphur surcharge" {...form.getInputProps('name')} error={fieldError('name')} />
          <Switch label="In use (offered on new lines)" {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormActions submitLabel={existing ? 'Save' : 'Add code'} busyLabel="Saving..." busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function CodesTable({ rows, onEdit }: { rows: ChargeCode[]; onEdit: (c: ChargeCode) => void }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Charge codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Code</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th w={100}>State</Table.Th>
            <Table.Th w={70} ta="center">
              Edit
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.code}>
              <Table.Td>
                <Badge variant="light" radius="sm" size="lg" ff="monospace" tt="none">
                  {c.code}
                </Badge>
              </Table.Td>
              <Table.Td fw={500}>{c.name}</Table.Td>
              <Table.Td>{CATEGORY_LABELS[c.category]}</Table.Td>
              <Table.Td>
                <Badge color={c.active ? 'teal' : 'gray'} variant="light" radius="sm" tt="none">
                  {c.active ? 'In use' : 'Retired'}
                </Badge>
              </Table.Td>
              <Table.Td ta="center">
                <Tooltip label="Edit" withArrow>
                  <ActionIcon variant="subtle" aria-label={`Edit ${c.code}`} onClick={() => onEdit(c)}>
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /charge-codes (administrators): the codes of charge lines (FRT, BAF, THC ...), searched, added, renamed and retired. */
export function ChargeCodesPage(): ReactElement {
  const { q = '', page = 1 } = useSearch({ from: '/app/charge-codes' });
  const navigate = useNavigate({ from: '/charge-codes' });
  const list = useQuery(chargeCodeListQuery(q, page));
  const [editing, setEditing] = useState<{ code?: ChargeCode } | null>(null);
  return (
    <ListPage
      title="Charge Codes"
      subtitle="The codes of a shipment's charges and costs; retire a code rather than delete it"
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
          Add Code
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label="Search charge codes"
          placeholder="Search by code or name..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix="Could not load the charge codes. "
      table={(rows) => <CodesTable rows={rows} onEdit={(code) => setEditing({ code })} />}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{ icon: <IconReceipt2 size={28} />, title: 'No charge codes found', text: q ? `Nothing matches "${q}".` : 'Add the first code.' }}
    >
      {editing && <ChargeCodeForm existing={editing.code} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}

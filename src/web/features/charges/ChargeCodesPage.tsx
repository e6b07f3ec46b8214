import { useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Button, Modal, Select, SimpleGrid, Stack, Switch, Table, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CATEGORY_LABELS, CHARGE_CATEGORIES, type ChargeCategory } from '@domain/billing/lines';
import type { ChargeCode } from '@domain/billing/charges-schema';
import { t } from '@web/lib/i18n';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormActions, recordFieldError } from '@web/ui/RecordFormPage';
import { chargeCodeListQuery, useSaveCode } from './api';

type Values = { code: string; category: ChargeCategory; name: string; active: boolean };
const stateColor = (active: boolean) => (active ? 'teal' : 'gray');

/** Add a code, or rename, move or retire one (the code itself stays: lines refer to it). */
function ChargeCodeForm({ existing, onClose }: { existing?: ChargeCode; onClose: () => void }) {
  const save = useSaveCode();
  const form = useForm<Values>({ initialValues: existing ?? { code: '', category: 'freight', name: '', active: true } });
  const fieldError = (field: string) => {
    const message = recordFieldError(save.error, field, '');
    return message && t(message);
  };
  const submit = form.onSubmit((v) =>
    save.mutate(
      existing ? { existing: existing.code, values: { category: v.category, name: v.name, active: v.active } } : { values: v },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: existing ? t('Charge code saved') : t('Charge code added'), message: `${saved.code} · ${saved.name}` });
          onClose();
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={existing ? t('Edit {code}', { code: existing.code }) : t('Add charge code')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <ErrorBanner error={save.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('Code')}
              withAsterisk
              disabled={!!existing}
              maxLength={8}
              placeholder={t('e.g. LSS')}
              description={t('2 to 8 capital letters or digits')}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              {...form.getInputProps('code')}
              onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
              error={fieldError('code')}
            />
            <Select label={t('Category')} withAsterisk allowDeselect={false} data={CHARGE_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_LABELS[c]) }))} {...form.getInputProps('category')} error={fieldError('category')} />
          </SimpleGrid>
          <TextInput label={t('Name')} withAsterisk maxLength={100} placeholder={t('e.g. Low sulphur surcharge')} {...form.getInputProps('name')} error={fieldError('name')} />
          <Switch label={t('In use (offered on new lines)')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormActions submitLabel={existing ? t('Save') : t('Add code')} busyLabel={t('Saving...')} busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function CodesTable({ rows, onEdit }: { rows: ChargeCode[]; onEdit: (c: ChargeCode) => void }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('Charge codes')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{t('Code')}</Table.Th>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Category')}</Table.Th>
            <Table.Th w={100}>{t('State')}</Table.Th>
            <Table.Th w={70} ta="center">
              {t('Edit')}
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
              <Table.Td>{t(CATEGORY_LABELS[c.category])}</Table.Td>
              <Table.Td>
                <Badge color={stateColor(c.active)} variant="light" radius="sm" tt="none">
                  {c.active ? t('In use') : t('Retired')}
                </Badge>
              </Table.Td>
              <Table.Td ta="center">
                <Tooltip label={t('Edit')} withArrow>
                  <ActionIcon variant="subtle" aria-label={t('Edit {code}', { code: c.code })} onClick={() => onEdit(c)}>
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
      title={t('Charge Codes')}
      subtitle={t("The codes of a shipment's charges and costs; retire a code rather than delete it")}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
          {t('Add Code')}
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label={t('Search charge codes')}
          placeholder={t('Search by code or name...')}
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={`${t('Could not load the charge codes.')} `}
      table={(rows) => <CodesTable rows={rows} onEdit={(code) => setEditing({ code })} />}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{ icon: <IconReceipt2 size={28} />, title: t('No charge codes found'), text: q ? t('Nothing matches "{q}".', { q }) : t('Add the first code.') }}
    >
      {editing && <ChargeCodeForm existing={editing.code} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}

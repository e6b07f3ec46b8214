import { useState, type ReactElement } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { SUPPLIER_KINDS, type SupplierKind } from '@domain/billing/lines';
import { SUPPLIER_KIND_LABELS } from '@domain/billing/charge-rules';
import { msg } from '@domain/common/i18n';
import { billTotals } from '@domain/billing/supplier-bills';
import { supplierBillInputSchema, type SupplierBill } from '@domain/billing/supplier-bills-schema';
import { isDecimalString } from '@domain/money/decimal';
import { isCurrency } from '@domain/money/currencies';
import { ApiError } from '@web/lib/api';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { QueryGate } from '@web/ui/QueryGate';
import { PageHeader } from '@web/ui/PageHeader';
import { billQuery, suppliersQuery, useSaveBill } from './api';
import { utcToday } from './labels';

/** A line as typed; a stored line keeps its shipment and the cost it is matched to (changed on the bill's page). */
type Line = { key: number; description: string; amount: string; shipment_id?: string | null; charge_line_id?: string | null; shipment_reference?: string | null };
const in30Days = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * A supplier's bill as it arrived (staff, issue 39): the supplier, its number, days, currency, VAT and lines, new or
 * stored (a stored line keeps its shipment and match). The rules and messages are the server's
 * (supplierBillInputSchema); net and total follow the lines. The file is uploaded and the lines matched to costs on
 * the bill's page.
 */
function BillForm({ bill }: { bill?: SupplierBill }): ReactElement {
  const navigate = useNavigate();
  const save = useSaveBill();
  const [kind, setKind] = useState<SupplierKind>(bill?.supplier_kind ?? 'carrier');
  const [supplierSearch, setSupplierSearch] = useState('');
  const [debounced] = useDebouncedValue(supplierSearch, 250);
  const suppliers = useQuery(suppliersQuery(kind, debounced));
  const [supplier, setSupplier] = useState<{ id: string; name: string } | null>(bill ? { id: bill.supplier_id, name: bill.supplier_name ?? '' } : null);
  const [head, setHead] = useState(
    bill
      ? { number: bill.number, bill_date: bill.bill_date, due_date: bill.due_date, currency: bill.currency, vat: bill.vat, note: bill.note ?? '' }
      : { number: '', bill_date: utcToday(), due_date: in30Days(), currency: 'EUR', vat: '0', note: '' },
  );
  const [lines, setLines] = useState<Line[]>(() =>
    bill ? bill.lines.map((l, i) => ({ key: i + 1, description: l.description, amount: l.amount, shipment_id: l.shipment_id, charge_line_id: l.charge_line_id, shipment_reference: l.shipment_reference })) : [{ key: 1, description: '', amount: '' }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<typeof head>) => setHead((h) => ({ ...h, ...patch }));
  const setLine = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const kindOptions = SUPPLIER_KINDS.map((k) => ({ value: k, label: t(SUPPLIER_KIND_LABELS[k]) }));

  const options = [...(supplier ? [{ value: supplier.id, label: supplier.name }] : []), ...(suppliers.data?.rows ?? []).filter((s) => s.id !== supplier?.id).map((s) => ({ value: s.id, label: s.name }))];
  const currency = head.currency.trim().toUpperCase();
  const valid = isCurrency(currency) && isDecimalString(head.vat.trim() || '0') && lines.every((l) => isDecimalString(l.amount.trim()));
  const totals = valid ? billTotals(lines.map((l) => ({ amount: l.amount.trim() })), head.vat.trim() || '0', currency) : null;

  const submit = async () => {
    const body = {
      supplier_kind: kind, supplier_id: supplier?.id ?? '', number: head.number, bill_date: head.bill_date, due_date: head.due_date, currency: head.currency,
      vat: head.vat.trim() || '0', lines: lines.map((l) => ({ description: l.description, amount: l.amount.trim(), shipment_id: l.shipment_id ?? null, charge_line_id: l.charge_line_id ?? null })), note: head.note || null,
    };
    const parsed = supplierBillInputSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      setProblem(msg('Check the fields marked below.'));
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ id: bill?.id, body: parsed.data });
      notifications.show({ color: 'green', title: bill ? t('Bill saved') : t('Bill entered'), message: `${saved.number}: ${formatMoney(saved.total, saved.currency)}` });
      void navigate({ to: '/supplier-bills/$id', params: { id: saved.id } });
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? e.message : msg('The bill could not be saved'));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={bill ? t('Edit bill {number}', { number: bill.number }) : t('New supplier bill')}
        subtitle={bill ? t('Matched lines keep their match; a new amount changes the job\'s actual cost.') : t("Enter the bill as the supplier sent it; match its lines to the shipments' costs next.")}
      />
      {problem && (
        <Alert color="red" variant="light" data-testid="bill-problem">
          {t(problem)}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('Supplier kind')} data={kindOptions} value={kind} allowDeselect={false} onChange={(v) => { if (v) { setKind(v); setSupplier(null); } }} error={fieldError('supplier_kind')} />
            <Select
              label={t('Supplier')}
              required
              searchable
              placeholder={t('Type to search')}
              data={options}
              value={supplier?.id ?? null}
              searchValue={supplierSearch}
              onSearchChange={setSupplierSearch}
              onChange={(v, option) => setSupplier(v && option ? { id: v, name: option.label } : null)}
              nothingFoundMessage={suppliers.isFetching ? t('Searching…') : t('No supplier of this kind matches')}
              filter={({ options: o }) => o}
              error={fieldError('supplier_id')}
              data-testid="bill-supplier"
            />
            <TextInput label={t("Supplier's bill number")} required maxLength={60} value={head.number} onChange={(e) => set({ number: e.currentTarget.value })} error={fieldError('number')} data-testid="bill-number" />
            <TextInput label={t('Currency')} required maxLength={3} value={head.currency} onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })} error={fieldError('currency')} />
            <TextInput type="date" label={t('Bill date')} required value={head.bill_date} onChange={(e) => set({ bill_date: e.currentTarget.value })} error={fieldError('bill_date')} />
            <TextInput type="date" label={t('Due date')} required value={head.due_date} onChange={(e) => set({ due_date: e.currentTarget.value })} error={fieldError('due_date')} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={700} fz="sm">
            {t('Lines')}
          </Text>
          {errors.lines && (
            <Text c="red" fz="sm">
              {t(errors.lines)}
            </Text>
          )}
          {lines.map((l, i) => (
            <Group key={l.key} align="flex-start" wrap="nowrap" gap="xs" data-testid="bill-line-input">
              <TextInput style={{ flex: 3 }} label={i === 0 ? t('Description') : undefined} aria-label={t('Line {number} description', { number: i + 1 })} placeholder={t('Ocean freight')} value={l.description} maxLength={300} onChange={(e) => setLine(l.key, { description: e.currentTarget.value })} error={fieldError(`lines.${i}.description`)} />
              <TextInput style={{ flex: 2 }} label={i === 0 ? t('Amount') : undefined} aria-label={t('Line {number} amount', { number: i + 1 })} placeholder="1250.50" inputMode="decimal" value={l.amount} onChange={(e) => setLine(l.key, { amount: e.currentTarget.value })} error={fieldError(`lines.${i}.amount`)} />
              <ActionIcon variant="subtle" color="red" mt={i === 0 ? 28 : 4} aria-label={t('Remove line {number}', { number: i + 1 })} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between" wrap="wrap">
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setLines((ls) => [...ls, { key: Math.max(...ls.map((x) => x.key)) + 1, description: '', amount: '' }])}>
              {t('Add line')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('VAT')} inputMode="decimal" value={head.vat} onChange={(e) => set({ vat: e.currentTarget.value })} error={fieldError('vat')} />
            <Stack gap={0} justify="flex-end">
              <Text fz="sm" c="dimmed">
                {t('Net {amount}', { amount: totals ? formatMoney(totals.net, currency) : '—' })}
              </Text>
              <Text fw={700} data-testid="bill-total">
                {t('Total {amount}', { amount: totals ? formatMoney(totals.total, currency) : '—' })}
              </Text>
            </Stack>
          </SimpleGrid>
          <Textarea label={t('Note')} autosize minRows={2} maxLength={1000} value={head.note} onChange={(e) => set({ note: e.currentTarget.value })} error={fieldError('note')} />
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(bill ? { to: '/supplier-bills/$id', params: { id: bill.id } } : { to: '/supplier-bills' })}>
          {t('Cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending} data-testid="save-bill">
          {t('Save bill')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /supplier-bills/new: a bill as the supplier sent it. */
export function NewSupplierBillPage(): ReactElement {
  return <BillForm />;
}

/** /supplier-bills/$id/edit: the stored bill to correct (the whole bill is sent again; its lines keep their matches). */
export function EditSupplierBillPage(): ReactElement {
  const { id } = useParams({ from: '/app/supplier-bills/$id/edit' });
  const query = useQuery(billQuery(id));
  return <QueryGate query={query}>{(bill) => <BillForm bill={bill} />}</QueryGate>;
}

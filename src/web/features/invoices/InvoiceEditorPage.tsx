import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Center, Grid, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCoin, IconFileInvoice, IconListDetails, IconPercentage, IconTruckDelivery } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { Company } from '@domain/companies/schema';
import type { Invoice } from '@domain/billing/schema';
import { CURRENCY_CODES, isCurrency } from '@domain/money/currencies';
import { isVatCategory } from '@domain/money/vat';
import { pickerSources } from '@web/features/shipments';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { BackLink } from '@web/ui/BackLink';
import { Section } from '@web/ui/DetailParts';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { LoadProblem } from '@web/ui/LoadProblem';
import { PageHeader } from '@web/ui/PageHeader';
import { afterInvoiceChange, createDraft, invoiceQuery, updateDraft } from './api';
import { billingDefaultsQuery } from './defaults';
import { AdjustmentsEditor } from './AdjustmentsEditor';
import { DraftLinesEditor } from './DraftLinesEditor';
import {
  adjustmentProblems, adjustmentsOf, lineProblems, linesOf, liveTotals, toAdjustmentInput, toInput, type EditorAdjustment, type EditorLine,
} from './draft-lines';
import { AmountRow, InvoiceLines, TaxSummary } from './InvoiceLines';
import { ShipmentPicker } from './ShipmentPicker';

const CURRENCY_OPTIONS = [...CURRENCY_CODES].sort();
const today = () => new Date().toISOString().slice(0, 10);

type Props = { invoice?: Invoice; companyId?: string; companyName?: string; shipmentIds?: string[] };

/** The editor of a new or stored draft: header, shipments (new only), lines and the live totals per VAT category. */
function DraftEditor({ invoice, companyId: initialCompany, companyName, shipmentIds: initialShipments }: Props): ReactElement {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const defaults = useQuery(billingDefaultsQuery);
  const [companyId, setCompanyId] = useState<string | null>(invoice?.company_id ?? initialCompany ?? null);
  const [companyLabel, setCompanyLabel] = useState<string | null>(invoice?.company_name ?? companyName ?? null);
  const [currency, setCurrency] = useState(invoice?.currency ?? '');
  const [rateDate, setRateDate] = useState(invoice?.rate_date ?? today());
  const [shipmentIds, setShipmentIds] = useState<string[]>(initialShipments ?? []);
  const [lines, setLines] = useState<EditorLine[]>(() => (invoice ? linesOf(invoice) : []));
  const [linesChanged, setLinesChanged] = useState(false);
  const [adjustments, setAdjustments] = useState<EditorAdjustment[]>(() => (invoice ? adjustmentsOf(invoice) : []));
  const [adjustmentsChanged, setAdjustmentsChanged] = useState(false);
  const [buyerReference, setBuyerReference] = useState(invoice?.buyer_reference ?? '');
  const [note, setNote] = useState(invoice?.note ?? '');
  const [showErrors, setShowErrors] = useState(false);

  const settings = defaults.data;
  useEffect(() => {
    if (!invoice && !currency && settings) setCurrency(settings.default_currency);
  }, [invoice, currency, settings]);
  const invoiceCurrency = currency || 'EUR';
  const defaultVat = {
    category: (settings && isVatCategory(settings.default_vat_category) ? settings.default_vat_category : 'S'),
    rate: settings?.default_vat_rate ?? '20',
    reason: settings?.default_exemption_reason ?? '',
  };
  const totals = useMemo(() => liveTotals(lines, invoiceCurrency, adjustments), [lines, invoiceCurrency, adjustments]);
  // A draft that bills shipments' charges keeps those lines as the charges say (changed on the shipment); its header
  // (currency, rate date) converts them again. Replacing its lines would turn the charges into typed copies.
  const billsShipments = !!invoice?.lines?.some((l) => l.shipment_id);
  // Its converted lines' nets are the server's for the stored header: a new currency or rate date shows the stored totals until saved.
  const storedTotals = billsShipments && invoice && (invoiceCurrency !== invoice.currency || rateDate !== invoice.rate_date);
  const invalid =
    !companyId || !isCurrency(invoiceCurrency) || !/^\d{4}-\d{2}-\d{2}$/.test(rateDate) || lines.some((l) => Object.keys(lineProblems(l)).length > 0) ||
    adjustments.some((a) => Object.keys(adjustmentProblems(a)).length > 0) || (lines.length === 0 && shipmentIds.length === 0);

  const save = useMutation({
    mutationFn: () => {
      const header = { currency: invoiceCurrency, rate_date: rateDate, buyer_reference: buyerReference.trim() || null, note: note.trim() || null };
      // Allowances and charges are amounts in the invoice's currency: a new currency sends them again (the server asks for it).
      const sendAdjustments = !invoice || adjustmentsChanged || (invoiceCurrency !== invoice.currency && adjustments.length > 0);
      const adjustmentsBody = sendAdjustments ? { adjustments: adjustments.map(toAdjustmentInput) } : {};
      if (invoice) return updateDraft(invoice.id, { ...header, ...(linesChanged ? { lines: lines.map(toInput) } : {}), ...adjustmentsBody });
      return createDraft({ company_id: companyId!, ...header, lines: lines.map(toInput), shipment_ids: shipmentIds, ...adjustmentsBody });
    },
    onSuccess: async (saved) => {
      await afterInvoiceChange(queryClient, saved);
      void navigate({ to: '/invoices/$id', params: { id: saved.id } });
    },
  });
  const submit = () => {
    setShowErrors(true);
    if (!invalid) save.mutate();
  };
  const fieldError = (f: string) => {
    const problem = save.error instanceof ApiError ? save.error.fields?.[f] : undefined;
    return problem ? t(problem) : undefined;
  };

  return (
    <Stack gap="md">
      <BackLink to="/invoices" label={t('Back to Invoices')} />
      <PageHeader
        title={invoice ? t('Edit draft invoice') : t('New draft invoice')}
        subtitle={t('Lines in another currency are converted at the stored rate of the rate date (the last publication on or before it).')}
      />
      <Section title={t('Invoice')} icon={<IconFileInvoice size={18} />}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <AsyncSelect<Company>
            label={t('Company')}
            required
            placeholder={t('Choose a customer company')}
            queryKey={['picker', 'companies']}
            fetchRows={pickerSources.companies}
            toOption={(c) => ({ value: c.id, label: c.name })}
            value={companyId}
            selected={companyId && companyLabel ? { value: companyId, label: companyLabel } : null}
            disabled={!!invoice}
            error={showErrors && !companyId ? t('Choose a company') : fieldError('company_id')}
            onChange={(_row, option) => {
              setCompanyId(option?.value ?? null);
              setCompanyLabel(option?.label ?? null);
              setShipmentIds([]);
            }}
          />
          <Select label={t('Currency')} required searchable data={CURRENCY_OPTIONS} value={currency || null} allowDeselect={false} onChange={(v) => v && setCurrency(v)} error={fieldError('currency')} />
          <TextInput type="date" label={t('Rate date')} required value={rateDate} onChange={(e) => setRateDate(e.currentTarget.value)} error={fieldError('rate_date')} />
          <TextInput label={t('Buyer reference')} placeholder={t('Their PO or reference')} value={buyerReference} onChange={(e) => setBuyerReference(e.currentTarget.value)} maxLength={100} />
        </SimpleGrid>
        <Textarea mt="sm" label={t('Note on the invoice')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} autosize minRows={1} />
      </Section>
      {!invoice && companyId && (
        <Section title={t('Shipments to bill')} icon={<IconTruckDelivery size={18} />}>
          <ShipmentPicker companyId={companyId} selected={shipmentIds} onChange={setShipmentIds} />
        </Section>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Section title={invoice ? t('Lines') : t('Further lines')} icon={<IconListDetails size={18} />}>
              {billsShipments && invoice ? (
                <Stack gap="sm">
                  <Text fz="sm" c="dimmed">
                    {t("These lines bill shipments' charges: change a charge on its shipment, or delete this draft and draft again. A new rate date or currency converts them again when saved.")}
                  </Text>
                  <InvoiceLines invoice={invoice} />
                </Stack>
              ) : (
                <DraftLinesEditor
                  lines={lines}
                  currency={invoiceCurrency}
                  defaultVat={defaultVat}
                  showErrors={showErrors}
                  onChange={(next) => {
                    setLines(next);
                    setLinesChanged(true);
                  }}
                />
              )}
            </Section>
            <Section title={t('Allowances and charges')} icon={<IconPercentage size={18} />}>
              <AdjustmentsEditor
                adjustments={adjustments}
                currency={invoiceCurrency}
                defaultVat={defaultVat}
                showErrors={showErrors}
                onChange={(next) => {
                  setAdjustments(next);
                  setAdjustmentsChanged(true);
                }}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section title={t('Totals')} icon={<IconCoin size={18} />}>
            {storedTotals && invoice ? (
              <Stack gap="sm" data-testid="draft-totals">
                <TaxSummary subtotals={invoice.tax_subtotals} currency={invoice.currency} />
                <AmountRow label={t('Net (without VAT)')} amount={invoice.totals.tax_exclusive} currency={invoice.currency} />
                <AmountRow label={t('VAT')} amount={invoice.totals.tax} currency={invoice.currency} />
                <AmountRow label={t('Total payable')} amount={invoice.totals.payable} currency={invoice.currency} strong />
              </Stack>
            ) : totals && (
              <Stack gap="sm" data-testid="draft-totals">
                <TaxSummary subtotals={totals.tax_subtotals} currency={invoiceCurrency} />
                {adjustments.length > 0 && (
                  <>
                    <AmountRow label={t('Lines')} amount={totals.totals.lines} currency={invoiceCurrency} testId="draft-lines-total" />
                    {adjustments.some((a) => a.kind === 'allowance') && (
                      <AmountRow label={t('Allowances')} amount={`-${totals.totals.allowances}`} currency={invoiceCurrency} testId="draft-allowances" />
                    )}
                    {adjustments.some((a) => a.kind === 'charge') && <AmountRow label={t('Charges')} amount={totals.totals.charges} currency={invoiceCurrency} testId="draft-charges" />}
                  </>
                )}
                <AmountRow label={t('Net (without VAT)')} amount={totals.totals.tax_exclusive} currency={invoiceCurrency} testId="draft-net" />
                <AmountRow label={t('VAT')} amount={totals.totals.tax} currency={invoiceCurrency} testId="draft-tax" />
                <AmountRow label={t('Total payable')} amount={totals.totals.payable} currency={invoiceCurrency} strong testId="draft-payable" />
              </Stack>
            )}
            {shipmentIds.length > 0 && (
              <Text fz="xs" c="dimmed" mt="sm">
                {t('Plus the unbilled charges of {count, plural, one {# shipment} other {# shipments}}, converted to {currency} when the draft is saved.', { count: shipmentIds.length, currency: invoiceCurrency })}
              </Text>
            )}
          </Section>
        </Grid.Col>
      </Grid>
      {showErrors && invalid && (
        <Alert color="red" variant="light">
          {lines.length === 0 && shipmentIds.length === 0 ? t('Add at least one line or choose a shipment.') : t('Check the fields marked in red.')}
        </Alert>
      )}
      <ErrorBanner error={save.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void navigate(invoice ? { to: '/invoices/$id', params: { id: invoice.id } } : { to: '/invoices' })} disabled={save.isPending}>
          {t('Cancel')}
        </Button>
        <Button onClick={submit} disabled={save.isPending} data-testid="save-draft">
          {save.isPending ? t('Saving...') : t('Save draft')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /invoices/new[?company_id=&shipment_ids=a,b]: a new draft, from the Ready-to-invoice list or blank. */
export function NewInvoicePage(): ReactElement {
  const search: { company_id?: string; company_name?: string; shipment_ids?: string } = useSearch({ from: '/app/invoices/new' });
  return <DraftEditor companyId={search.company_id} companyName={search.company_name} shipmentIds={search.shipment_ids?.split(',').filter(Boolean)} />;
}

/** /invoices/{id}/edit: a stored draft (an issued invoice goes back to its page: it never changes). */
export function EditInvoicePage(): ReactElement {
  const { id } = useParams({ from: '/app/invoices/$id/edit' });
  const navigate = useNavigate();
  const query = useQuery(invoiceQuery(id));
  const issued = query.data && query.data.status !== 'draft';
  useEffect(() => {
    if (issued) void navigate({ to: '/invoices/$id', params: { id }, replace: true });
  }, [issued, id, navigate]);
  if (query.error) return <LoadProblem error={query.error} backTo="/invoices" backLabel={t('Back to Invoices')} onRetry={() => void query.refetch()} />;
  if (!query.data || issued) {
    return (
      <Center py={64}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <DraftEditor invoice={query.data} />;
}

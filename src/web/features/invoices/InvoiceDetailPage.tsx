import type { ReactElement } from 'react';
import { Anchor, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconCoin, IconFileInvoice, IconListDetails, IconReceiptRefund, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { isStaff } from '@domain/access/permissions';
import { msg } from '@domain/common/i18n';
import type { Invoice } from '@domain/billing/schema';
import { PAYMENT_METHOD_LABELS } from '@domain/billing/state';
import { useUser } from '@web/features/auth';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { BackLink } from '@web/ui/BackLink';
import { Field, FieldGrid, Section } from '@web/ui/DetailParts';
import { LoadProblem } from '@web/ui/LoadProblem';
import { invoiceQuery } from './api';
import { InvoiceActions } from './InvoiceActions';
import { AmountRow, InvoiceLines, TaxSummary } from './InvoiceLines';
import { invoiceTitle } from './InvoiceList';
import { InvoiceStateBadge, openColor } from './labels';
import { formatMoney } from './money';

const TEXTS = { notFound: msg('Invoice not found'), notFoundText: msg('The invoice does not exist, or it belongs to another company.'), loadError: msg('Error loading the invoice') };

/** The exchange rates the lines were converted at, one row per currency and day. */
function RatesUsed({ invoice }: { invoice: Invoice }) {
  const seen = new Map<string, { currency: string; rate: string; date: string | null }>();
  for (const l of invoice.lines ?? []) {
    if (l.source_currency && l.exchange_rate) seen.set(`${l.source_currency}|${l.exchange_rate}|${l.exchange_rate_date}`, { currency: l.source_currency, rate: l.exchange_rate, date: l.exchange_rate_date });
  }
  if (seen.size === 0) return <Text fz="sm" c="dimmed">{t('All lines are in {currency}: no conversion.', { currency: invoice.currency })}</Text>;
  return (
    <Stack gap={2} data-testid="rates-used">
      {[...seen.values()].map((r) => (
        <Text key={`${r.currency}${r.rate}${r.date}`} fz="sm">
          {r.date
            ? t('1 {from} = {rate} {to} (rate of {date})', { from: r.currency, rate: r.rate, to: invoice.currency, date: formatDay(r.date) })
            : `1 ${r.currency} = ${r.rate} ${invoice.currency}`}
        </Text>
      ))}
    </Stack>
  );
}

/** "Early payment (allowance, VAT S 20%)": a document-level allowance or charge with its VAT. */
function adjustmentLabel(a: Invoice['adjustments'][number]): string {
  const values = { reason: a.reason, category: a.vat_category, rate: a.vat_rate.replace(/\.?0+$/, '') };
  if (a.kind === 'allowance') return a.vat_category === 'O' ? t('{reason} (allowance, VAT {category})', values) : t('{reason} (allowance, VAT {category} {rate}%)', values);
  return a.vat_category === 'O' ? t('{reason} (charge, VAT {category})', values) : t('{reason} (charge, VAT {category} {rate}%)', values);
}

function Totals({ invoice }: { invoice: Invoice }) {
  const c = invoice.currency;
  const issuedInvoice = invoice.kind === 'invoice' && invoice.status === 'issued';
  return (
    <Stack gap={6} data-testid="invoice-totals">
      {invoice.adjustments.length > 0 && (
        <>
          <AmountRow label={t('Lines')} amount={invoice.totals.lines} currency={c} testId="total-lines" />
          {invoice.adjustments.map((a, i) => (
            <AmountRow
              key={i}
              label={adjustmentLabel(a)}
              amount={a.kind === 'allowance' ? `-${a.amount}` : a.amount}
              currency={c}
              testId={`adjustment-${i}`}
            />
          ))}
        </>
      )}
      <AmountRow label={t('Net (without VAT)')} amount={invoice.totals.tax_exclusive} currency={c} testId="total-net" />
      <AmountRow label={t('VAT')} amount={invoice.totals.tax} currency={c} testId="total-tax" />
      <AmountRow label={invoice.kind === 'credit_note' ? t('Total credited') : t('Total payable')} amount={invoice.totals.payable} currency={c} strong testId="total-payable" />
      {issuedInvoice && (
        <>
          <AmountRow label={t('Paid')} amount={invoice.paid} currency={c} testId="total-paid" />
          <AmountRow label={t('Credited')} amount={invoice.credited} currency={c} testId="total-credited" />
          <AmountRow label={t('Open')} amount={invoice.open} currency={c} strong testId="total-open" color={openColor(invoice.state)} />
        </>
      )}
    </Stack>
  );
}

function Payments({ invoice }: { invoice: Invoice }) {
  const payments = invoice.payments ?? [];
  if (payments.length === 0) return <Text fz="sm" c="dimmed">{t('No payments yet.')}</Text>;
  // One line each (day and method, the reference below, the amount on the right): a phone's width holds it all.
  return (
    <Stack gap={6} data-testid="invoice-payments">
      {payments.map((p) => (
        <Group key={p.id} justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fz="sm">
              {formatDay(p.received_on)} · {t(PAYMENT_METHOD_LABELS[p.method])}
            </Text>
            {p.reference && (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.reference}
              </Text>
            )}
          </Stack>
          <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(p.amount, p.currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function CreditNotes({ invoice }: { invoice: Invoice }) {
  const notes = invoice.credit_notes ?? [];
  if (notes.length === 0) return <Text fz="sm" c="dimmed">{t('No credit notes.')}</Text>;
  return (
    <Stack gap={4} data-testid="invoice-credit-notes">
      {notes.map((n) => (
        <Group key={n.id} justify="space-between" wrap="nowrap">
          <Anchor renderRoot={(props) => <Link {...props} to="/invoices/$id" params={{ id: n.id }} />} fz="sm">
            {n.number ?? t('Draft credit note')}
            {n.issue_date ? ` · ${formatDay(n.issue_date)}` : ''}
          </Anchor>
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(n.payable, invoice.currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * /invoices/{id} (issue 38): an invoice or credit note: its header, lines, tax summary per VAT category, the exchange
 * rates used, totals, payments and credit notes; the actions each role may take. A customer reads only their
 * company's issued documents (the server answers 404 for the rest).
 */
export function InvoiceDetailPage(): ReactElement {
  const { id } = useParams({ from: '/app/invoices/$id' });
  const user = useUser();
  const staff = isStaff(user.role);
  const query = useQuery(invoiceQuery(id));
  if (query.error) return <LoadProblem error={query.error} backTo="/invoices" backLabel={t('Back to Invoices')} onRetry={() => void query.refetch()} texts={{ notFound: t(TEXTS.notFound), notFoundText: t(TEXTS.notFoundText), loadError: t(TEXTS.loadError) }} />;
  const invoice = query.data;
  if (!invoice) {
    return (
      <Center py={64}>
        <Loader size="sm" />
      </Center>
    );
  }
  const isInvoice = invoice.kind === 'invoice';
  return (
    <Stack gap="md">
      <BackLink to="/invoices" label={t('Back to Invoices')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz={26} data-testid="invoice-title">
              {invoiceTitle(invoice)}
            </Title>
            <InvoiceStateBadge state={invoice.state} />
          </Group>
          <Text c="dimmed">
            {isInvoice
              ? t('Invoice to {company} · {amount}', { company: invoice.company_name, amount: formatMoney(invoice.totals.payable, invoice.currency) })
              : t('Credit note to {company} · {amount}', { company: invoice.company_name, amount: formatMoney(invoice.totals.payable, invoice.currency) })}
          </Text>
        </Stack>
        <InvoiceActions invoice={invoice} role={user.role} />
      </Group>
      <Section title={t('Details')} icon={<IconFileInvoice size={18} />}>
        <FieldGrid cols={4}>
          <Field label={t('Company')}>{staff ? <Anchor renderRoot={(props) => <Link {...props} to="/companies/$id" params={{ id: invoice.company_id }} />} fz="sm">{invoice.company_name}</Anchor> : invoice.company_name}</Field>
          <Field label={t('Currency')}>{invoice.currency}</Field>
          <Field label={t('Issue date')}>{invoice.issue_date ? formatDay(invoice.issue_date) : t('Not issued yet')}</Field>
          {isInvoice && <Field label={t('Due date')}>{invoice.due_date ? formatDay(invoice.due_date) : null}</Field>}
          {!isInvoice && (
            <Field label={t('Credits invoice')}>
              {invoice.credited_invoice_id ? (
                <Anchor renderRoot={(props) => <Link {...props} to="/invoices/$id" params={{ id: invoice.credited_invoice_id! }} />} fz="sm">
                  {invoice.credited_invoice_number ?? t('The invoice')}
                </Anchor>
              ) : null}
            </Field>
          )}
          <Field label={t('Buyer reference')}>{invoice.buyer_reference}</Field>
          <Field label={t('Rate date')}>{invoice.rate_date ? formatDay(invoice.rate_date) : null}</Field>
          {invoice.note && (
            <Field label={t('Note')} span>
              {invoice.note}
            </Field>
          )}
        </FieldGrid>
      </Section>
      <Section title={t('Lines')} icon={<IconListDetails size={18} />}>
        <InvoiceLines invoice={invoice} />
      </Section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section title={t('Tax summary')} icon={<IconReceiptTax size={18} />}>
            <TaxSummary subtotals={invoice.tax_subtotals} currency={invoice.currency} />
            <Text fz="xs" c="dimmed" mt="sm" fw={600} tt="uppercase">
              {t('Exchange rates used')}
            </Text>
            <RatesUsed invoice={invoice} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title={t('Totals')} icon={<IconCoin size={18} />}>
            <Totals invoice={invoice} />
          </Section>
        </Grid.Col>
      </Grid>
      {isInvoice && invoice.status === 'issued' && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Section title={t('Payments')} icon={<IconCash size={18} />}>
              <Payments invoice={invoice} />
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Section title={t('Credit notes')} icon={<IconReceiptRefund size={18} />}>
              <CreditNotes invoice={invoice} />
            </Section>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

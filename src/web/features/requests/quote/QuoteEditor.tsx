import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalculator, IconInfoCircle, IconReceipt, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, TRANSPORT_MODES, TRANSPORT_MODE_LABELS } from '@domain/common/enums';
import { MAX_TRANSIT_DAYS, type StaffQuote } from '@domain/requests/quote-schema';
import { utcDay, type RequestDetail } from '@domain/requests/schema';
import { ratesForRequest, requestRateLookup } from '@domain/rates/request';
import { lookupRates } from '@web/features/rates';
import { formatMoney } from '@web/features/invoices';
import { ApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { Section } from '@web/ui/DetailParts';
import { fieldId } from '@web/lib/form-fields';
import { afterRequestChange, saveQuote, sendQuote } from '../api';
import { focusField } from '../form/request-form';
import { QuotePdfLink } from '../detail/QuotePdfLink';
import { TotalsTable } from '../detail/QuoteView';
import { firstQuoteIssue, linesFromRates, liveTotals, quoteFormFrom, toQuoteBody, type CodeOption, type QuoteFormState } from './quote-form-values';
import { QuoteLines } from './QuoteLines';
import { translated } from '../request-labels';

const TYPE_DATA = SHIPMENT_TYPES.map((t) => ({ value: t, label: SHIPMENT_TYPE_LABELS[t] }));
const TRANSPORT_DATA = TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }));

/**
 * Staff's quote of an open request: charges and costs as charge lines (issue 38) with live totals, cost and margin per currency, the
 * validity day, transit time, the mode (when the customer asked for the best offer; the transport of a partial
 * shipment), terms and a note to the customer. "Save draft" keeps it from the customer; "Send quote" saves and sends
 * it. A sent quote that is changed goes back to being a draft until it is sent again.
 */
export function QuoteEditor({ request: r, quote, codes }: { request: RequestDetail; quote: StaffQuote | null; codes: readonly CodeOption[] }) {
  const queryClient = useQueryClient();
  const form = useForm<QuoteFormState>({
    mode: 'controlled',
    initialValues: quoteFormFrom(quote),
    enhanceGetInputProps: ({ field }) => ({ id: fieldId(`quote-${String(field)}`) }),
  });
  const [banner, setBanner] = useState<{ message: string; path: string | null } | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | 'price' | null>(null);
  const v = form.values;
  const totals = liveTotals(v.lines);
  const sent = quote?.sent_at != null;
  const type = r.mode === 'best_offer' ? v.mode : r.mode;
  const dirty = form.isDirty();
  const bannerShown = banner !== null && (banner.path === null || form.errors[banner.path] !== undefined);

  const refuse = (message: string, path: string | null) => {
    setBanner({ message, path });
    form.setErrors(path ? { [path]: message } : {});
    if (path) focusField(`quote-${path}`);
  };

  const run = async (action: 'save' | 'send') => {
    if (busy) return;
    const issue = firstQuoteIssue(v, r);
    if (issue) return refuse(t(issue.message), issue.field);
    setBanner(null);
    form.clearErrors();
    setBusy(action);
    try {
      // An unchanged draft is sent as it was saved; anything else is saved first.
      let view = !quote || dirty || sent ? await saveQuote(r.id, toQuoteBody(v, r)) : undefined;
      if (action === 'send') view = await sendQuote(r.id);
      notifications.show(
        action === 'send'
          ? { color: 'teal', title: t('Quote sent'), message: t('The customer can now accept the quote for {number}.', { number: r.number }) }
          : { color: 'teal', title: t('Draft saved'), message: t('The quote for {number} is saved; the customer sees it once it is sent.', { number: r.number }) },
      );
      await afterRequestChange(queryClient, r.id, view);
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const field = Object.keys(apiError?.fields ?? {})[0] ?? null;
      refuse(apiError ? t(apiError.message) : t('The quote could not be saved. Please try again.'), field);
      await afterRequestChange(queryClient, r.id);
    } finally {
      setBusy(null);
    }
  };

  /**
   * Issue 40: the lines from the rate cards of the request's lane on today's date: the cheapest sell card the customer
   * may get as the charges, the cheapest buy card as the costs. The handler can change any line before saving.
   */
  const priceFromRates = async () => {
    const lookup = requestRateLookup(r, utcDay());
    if (!lookup) {
      notifications.show({
        color: 'yellow',
        title: t('Nothing to price from'),
        message: t('Rate cards price an air request by its airports and chargeable weight, and a sea request by its ports’ UN/LOCODEs.'),
      });
      return;
    }
    setBusy('price');
    setBanner(null);
    try {
      const { sell, buy } = ratesForRequest((await lookupRates(lookup)).rates, r.company_id);
      if (!sell && !buy) {
        notifications.show({
          color: 'yellow',
          title: t('No rate card prices this request'),
          message: t('No card of {origin} → {destination} is valid today for this cargo.', { origin: lookup.origin, destination: lookup.destination }),
        });
        return;
      }
      form.setFieldValue('lines', linesFromRates([sell, buy].filter((x) => x !== null), codes));
      notifications.show({
        color: 'teal',
        title: t('Priced from rate cards'),
        message: [
          sell && t('charges {amount} ({card})', { amount: formatMoney(sell.total, sell.currency), card: sell.company_name ?? t('public tariff') }),
          buy && t('costs {amount} ({card})', { amount: formatMoney(buy.total, buy.currency), card: buy.carrier_name ?? t('buy card') }),
        ]
          .filter(Boolean)
          .join('; '),
      });
    } catch (err) {
      refuse(err instanceof ApiError ? t(err.message) : t('The rate cards could not be read. Please try again.'), null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={t('Quote')} icon={<IconReceipt size={18} />} actions={quote && <QuotePdfLink requestId={r.id} draft={!sent} />}>
      <form noValidate aria-label={t('Quote')} onSubmit={(e) => { e.preventDefault(); void run('send'); }}>
        <Stack gap="md">
          {sent && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="quote-sent-notice">
              {t('Sent {date}. The customer sees this quote; saving a change withdraws it until you send it again.', { date: formatDateTime(quote.sent_at) })}
            </Alert>
          )}
          {!sent && quote && (
            <Text fz="sm" c="dimmed">
              {quote.updated_by_name
                ? t('Draft saved {date} by {name}. The customer does not see it yet.', { date: formatDateTime(quote.updated_at), name: quote.updated_by_name })
                : t('Draft saved {date}. The customer does not see it yet.', { date: formatDateTime(quote.updated_at) })}
            </Text>
          )}
          <ErrorBanner error={bannerShown ? banner.message : null} />
          <Group justify="flex-end">
            <Button variant="light" leftSection={<IconCalculator size={16} />} onClick={() => void priceFromRates()} loading={busy === 'price'} disabled={busy !== null}>
              {t('Price from rates')}
            </Button>
          </Group>
          <QuoteLines form={form} codes={codes} />
          {totals.length > 0 && (
            <div aria-live="polite">
              <TotalsTable totals={totals} />
            </div>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput type="date" label={t('Valid Until')} withAsterisk min={utcDay()} {...form.getInputProps('valid_until')} />
            <NumberInput label={t('Transit Time')} rightSection={t('days')} rightSectionWidth={48} min={0} max={MAX_TRANSIT_DAYS} allowDecimal={false} allowNegative={false} hideControls {...form.getInputProps('transit_days')} />
            {r.mode === 'best_offer' && <Select label={t('Mode Offered')} withAsterisk placeholder={t('Choose the mode')} data={translated(TYPE_DATA)} {...form.getInputProps('mode')} />}
            {type === 'partial' && <Select label={t('Transport Mode')} withAsterisk placeholder={t('Choose the transport')} data={translated(TRANSPORT_DATA)} {...form.getInputProps('transport_mode')} />}
          </SimpleGrid>
          <Textarea label={t('Terms')} placeholder={t('e.g. Subject to space and equipment availability')} autosize minRows={2} maxLength={5000} {...form.getInputProps('terms')} />
          <Textarea label={t('Note to the Customer')} autosize minRows={2} maxLength={5000} {...form.getInputProps('customer_note')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void run('save')} loading={busy === 'save'} disabled={busy !== null || (!!quote && !dirty)}>
              {t('Save draft')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={busy === 'send'} disabled={busy !== null || (sent && !dirty)}>
              {t('Send quote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

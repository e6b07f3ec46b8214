import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@domain/billing/state';
import { BILLING_MESSAGES } from '@domain/billing/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { can } from '@domain/access/permissions';
import { invalidateBilling, recordPayment } from './api';
import { formatMoney, utcToday } from './money';

export type RecordPaymentProps = {
  companyId: string;
  /** The invoice the payment is applied to; without one the payment is a credit on the account. */
  invoiceId?: string | undefined;
  /** The invoice's number, shown in the dialog. */
  invoiceNumber?: string | null | undefined;
  /** The invoice's (or the account's) currency: the default of the form. */
  currency?: string | undefined;
  /** The invoice's open amount: the default amount and the hint. */
  open?: string | undefined;
  /** A smaller button (a row of an invoice list). */
  compact?: boolean;
};

const AMOUNT = /^\d{1,18}(\.\d{1,4})?$/;

/**
 * "Record payment" (issue 38): a button and its dialog, for administrators only (nothing for anyone else), from a
 * company (a credit on the account) or an invoice (applied to it; more than the open amount leaves a credit).
 */
export function RecordPaymentButton(props: RecordPaymentProps): ReactElement | null {
  const user = useUser();
  const [opened, setOpened] = useState(false);
  if (!can(user.role, 'payments:write')) return null;
  const size = props.compact ? 'xs' : 'sm';
  return (
    <>
      <Button leftSection={<IconCash size={16} />} variant="light" size={size} onClick={() => setOpened(true)} data-testid="record-payment">
        {t('Record payment')}
      </Button>
      {opened && <RecordPaymentDialog {...props} onClose={() => setOpened(false)} />}
    </>
  );
}

function RecordPaymentDialog({ companyId, invoiceId, invoiceNumber, currency, open, onClose }: RecordPaymentProps & { onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ received_on: utcToday(), amount: open ?? '', currency: currency ?? 'EUR', method: 'bank_transfer' as PaymentMethod, reference: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: t(PAYMENT_METHOD_LABELS[m]) }));
  const shownError = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!AMOUNT.test(form.amount.trim()) || !/[1-9]/.test(form.amount)) local.amount = BILLING_MESSAGES.positiveAmount;
    if (!/^[A-Za-z]{3}$/.test(form.currency.trim())) local.currency = BILLING_MESSAGES.currency;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.received_on)) local.received_on = BILLING_MESSAGES.date;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    setProblem(null);
    try {
      const saved = await recordPayment({
        company_id: companyId, invoice_id: invoiceId ?? null, received_on: form.received_on, amount: form.amount.trim(), currency: form.currency.trim().toUpperCase(),
        method: form.method, reference: form.reference.trim() || null, note: form.note.trim() || null,
      });
      await invalidateBilling(queryClient);
      notifications.show({ color: 'green', title: t('Payment recorded'), message: t('{amount} from {company}', { amount: formatMoney(saved.amount, saved.currency), company: saved.company_name }) });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? t(e.message) : t('The payment could not be recorded'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('Record payment')} size="lg" fullScreen={false} centered>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {!invoiceId
            ? t('Not applied to an invoice: the amount is a credit on the account.')
            : open
              ? t('Applied to invoice {number}, open {amount}. More than the open amount is kept as a credit on the account.', { number: invoiceNumber ?? '', amount: formatMoney(open, currency ?? '') })
              : t('Applied to invoice {number}. More than the open amount is kept as a credit on the account.', { number: invoiceNumber ?? '' })}
        </Text>
        {problem && (
          <Alert color="red" variant="light" data-testid="payment-problem">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('Amount')} required inputMode="decimal" placeholder="1250.50" value={form.amount} error={shownError('amount')} onChange={(e) => set({ amount: e.currentTarget.value })} />
          <TextInput label={t('Currency')} required maxLength={3} value={form.currency} error={shownError('currency')} disabled={!!invoiceId} onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })} />
          <TextInput type="date" label={t('Received on')} required value={form.received_on} error={shownError('received_on')} onChange={(e) => set({ received_on: e.currentTarget.value })} />
          <Select label={t('Method')} required data={methodOptions} value={form.method} error={shownError('method')} allowDeselect={false} onChange={(v) => v && set({ method: v })} />
        </SimpleGrid>
        <TextInput label={t('Reference')} placeholder={t('Bank reference, cheque number')} maxLength={100} value={form.reference} error={shownError('reference')} onChange={(e) => set({ reference: e.currentTarget.value })} />
        <Textarea label={t('Note')} autosize minRows={2} maxLength={500} value={form.note} error={shownError('note') ?? shownError('invoice_id') ?? shownError('company_id')} onChange={(e) => set({ note: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={saving} data-testid="save-payment">
            {t('Record payment')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

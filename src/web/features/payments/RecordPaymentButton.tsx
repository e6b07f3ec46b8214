import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@domain/billing/state';
import { BILLING_MESSAGES } from '@domain/billing/schema';
import { ApiError } from '@web/lib/api';
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
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * "Record payment" (issue 38): a button and its dialog, for administrators only (nothing for anyone else), from a
 * company (a credit on the account) or an invoice (applied to it; more than the open amount leaves a credit).
 */
export function RecordPaymentButton(props: RecordPaymentProps): ReactElement | null {
  const user = useUser();
  const [opened, setOpened] = useState(false);
  if (!can(user.role, 'payments:write')) return null;
  return (
    <>
      <Button leftSection={<IconCash size={16} />} variant="light" size={props.compact ? 'xs' : 'sm'} onClick={() => setOpened(true)} data-testid="record-payment">
        Record payment
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
      notifications.show({ color: 'green', title: 'Payment recorded', message: `${formatMoney(saved.amount, saved.currency)} from ${saved.company_name}` });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? e.message : 'The payment could not be recorded');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Record payment" size="lg" fullScreen={false} centered>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {invoiceId
            ? `Applied to invoice ${invoiceNumber ?? ''}${open ? `, open ${formatMoney(open, currency ?? '')}` : ''}. More than the open amount is kept as a credit on the account.`
            : 'Not applied to an invoice: the amount is a credit on the account.'}
        </Text>
        {problem && (
          <Alert color="red" variant="light" data-testid="payment-problem">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Amount" required inputMode="decimal" placeholder="1250.50" value={form.amount} error={errors.amount} onChange={(e) => set({ amount: e.currentTarget.value })} />
          <TextInput label="Currency" required maxLength={3} value={form.currency} error={errors.currency} disabled={!!invoiceId} onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })} />
          <TextInput type="date" label="Received on" required value={form.received_on} error={errors.received_on} onChange={(e) => set({ received_on: e.currentTarget.value })} />
          <Select label="Method" required data={METHOD_OPTIONS} value={form.method} error={errors.method} allowDeselect={false} onChange={(v) => v && set({ method: v })} />
        </SimpleGrid>
        <TextInput label="Reference" placeholder="Bank reference, cheque number" maxLength={100} value={form.reference} error={errors.reference} onChange={(e) => set({ reference: e.currentTarget.value })} />
        <Textarea label="Note" autosize minRows={2} maxLength={500} value={form.note} error={errors.note ?? errors.invoice_id ?? errors.company_id} onChange={(e) => set({ note: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving} data-testid="save-payment">
            Record payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { msg } from '@domain/common/i18n';
import { supplierBillPaymentInputSchema, type SupplierBill } from '@domain/billing/supplier-bills-schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { usePayBill } from './api';
import { typedAmount, utcToday } from './labels';

/** Record a payment made to the supplier against the bill (administrators): at most what is open. */
export function PayBillDialog({ bill, onClose }: { bill: SupplierBill; onClose: () => void }): ReactElement {
  const pay = usePayBill(bill.id);
  const [form, setForm] = useState({ paid_on: utcToday(), amount: bill.open, reference: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const submit = async () => {
    const parsed = supplierBillPaymentInputSchema.safeParse({ ...form, reference: form.reference || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      const saved = await pay.mutateAsync(parsed.data);
      const amount = typedAmount(parsed.data.amount, bill.currency);
      notifications.show({
        color: 'green',
        title: t('Payment recorded'),
        message: saved.supplier_name ? t('{amount} to {supplier}', { amount, supplier: saved.supplier_name }) : t('{amount} to the supplier', { amount }),
      });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? e.message : msg('The payment could not be recorded'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('Pay bill {number}', { number: bill.number })} centered>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" variant="light" data-testid="pay-problem">
            {t(problem)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('Amount ({currency})', { currency: bill.currency })} required inputMode="decimal" value={form.amount} error={fieldError('amount')} onChange={(e) => set({ amount: e.currentTarget.value })} data-testid="pay-amount" />
          <TextInput type="date" label={t('Paid on')} required value={form.paid_on} error={fieldError('paid_on')} onChange={(e) => set({ paid_on: e.currentTarget.value })} />
        </SimpleGrid>
        <TextInput label={t('Reference')} placeholder={t('Bank reference')} maxLength={100} value={form.reference} error={fieldError('reference')} onChange={(e) => set({ reference: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={pay.isPending} data-testid="save-bill-payment">
            {t('Record payment')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCode, IconDownload, IconEdit, IconReceiptRefund, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { can } from '@domain/access/permissions';
import type { Role } from '@domain/common/enums';
import type { Invoice } from '@domain/billing/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { afterInvoiceChange, deleteDraft, invoicePdfUrl, invoiceUblUrl, issueInvoice } from './api';
import { CreditNoteDialog } from './CreditNoteDialog';
import { formatMoney } from './money';

const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError ? t(e.message) : e ? fallback : null);
const today = () => new Date().toISOString().slice(0, 10);

function IssueDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState(today());
  const issue = useMutation({
    mutationFn: () => issueInvoice(invoice.id, day || undefined),
    onSuccess: async (issued) => {
      await afterInvoiceChange(queryClient, issued);
      onClose();
    },
  });
  const creditNote = invoice.kind === 'credit_note';
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{creditNote ? t('Issue this credit note?') : t('Issue this invoice?')}</Text>} centered>
      <Stack>
        <Text fz="sm">
          {t('Issuing gives it the next number and fixes it: {amount} to {company}. After that it never changes; corrections are credit notes.', {
            amount: formatMoney(invoice.totals.payable, invoice.currency),
            company: invoice.company_name,
          })}
        </Text>
        <TextInput type="date" label={t('Issue date')} value={day} onChange={(e) => setDay(e.currentTarget.value)} description={t("The due date follows from the company's payment terms.")} />
        {issue.error && (
          <Text c="red" fz="sm" role="alert">
            {messageOf(issue.error, t('Could not issue it.'))}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={issue.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => issue.mutate()} disabled={issue.isPending}>
            {issue.isPending ? t('Issuing...') : creditNote ? t('Issue credit note') : t('Issue invoice')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The buttons of an invoice's page, each by permission and state: edit, issue and delete a draft; PDF and e-invoice; credit note. */
export function InvoiceActions({ invoice, role }: { invoice: Invoice; role: Role }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'issue' | 'credit' | 'delete' | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteDraft(invoice.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['invoices', 'detail', invoice.id] });
      await afterInvoiceChange(queryClient);
      void navigate({ to: '/invoices' });
    },
  });
  const draft = invoice.status === 'draft';
  const close = () => setDialog(null);
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button component="a" href={invoicePdfUrl(invoice.id)} download variant="default" leftSection={<IconDownload size={16} />} data-testid="invoice-pdf">
          {t('Download PDF')}
        </Button>
        {!draft && (
          <Button component="a" href={invoiceUblUrl(invoice.id)} download variant="default" leftSection={<IconCode size={16} />} data-testid="invoice-ubl" title={t('Peppol BIS 3.0 e-invoice (UBL XML) for accounting systems')}>
            {t('E-invoice (XML)')}
          </Button>
        )}
        {draft && can(role, 'invoices:draft') && (
          <Button renderRoot={(props) => <Link {...props} to="/invoices/$id/edit" params={{ id: invoice.id }} />} variant="default" leftSection={<IconEdit size={16} />}>
            {t('Edit draft')}
          </Button>
        )}
        {draft && can(role, 'invoices:issue') && (
          <Button leftSection={<IconSend size={16} />} onClick={() => setDialog('issue')}>
            {t('Issue')}
          </Button>
        )}
        {!draft && invoice.kind === 'invoice' && invoice.state !== 'credited' && can(role, 'invoices:issue') && (
          <Button variant="default" leftSection={<IconReceiptRefund size={16} />} onClick={() => setDialog('credit')}>
            {t('Create credit note')}
          </Button>
        )}
        {draft && can(role, 'invoices:draft') && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
            {t('Delete draft')}
          </Button>
        )}
      </Group>
      {dialog === 'issue' && <IssueDialog invoice={invoice} opened onClose={close} />}
      {dialog === 'credit' && <CreditNoteDialog invoice={invoice} opened onClose={close} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('Delete this draft?')}
        message={t('The draft goes; the charges it billed become unbilled again.')}
        confirmLabel={t('Delete')}
        busyLabel={t('Deleting...')}
        busy={remove.isPending}
        error={messageOf(remove.error, t('Could not delete the draft.'))}
        onConfirm={() => remove.mutate()}
        onClose={close}
      />
    </>
  );
}

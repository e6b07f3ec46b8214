import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Invoice } from '@domain/billing/schema';
import { dec, isDecimalString } from '@domain/money/decimal';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { afterInvoiceChange, createCreditNote } from './api';
import { formatMoney, trimZeros } from './money';

const quantityProblem = (q: string, max: string) => {
  if (q.trim() === '') return null;
  if (!isDecimalString(q.trim()) || dec(q.trim()).lt(0)) return t('A quantity such as 1 or 0.5');
  return dec(q.trim()).gt(dec(max)) ? t('At most {max}', { max: trimZeros(max) }) : null;
};

/**
 * "Create credit note": for the whole invoice or for some of its lines' quantities, with a reason. It makes a draft
 * credit note (the server's), which the administrator then checks and issues.
 */
export function CreditNoteDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [scope, setScope] = useState<'full' | 'partial'>('full');
  const [reason, setReason] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const lines = invoice.lines ?? [];
  const problems = lines.map((l) => quantityProblem(quantities[l.position] ?? '', l.quantity));
  const chosen = lines.filter((l) => (quantities[l.position] ?? '').trim() !== '' && isDecimalString(quantities[l.position]!.trim()) && dec(quantities[l.position]!.trim()).gt(0));
  const create = useMutation({
    mutationFn: () =>
      createCreditNote(invoice.id, {
        reason: reason.trim(),
        ...(scope === 'partial' ? { lines: chosen.map((l) => ({ position: l.position, quantity: quantities[l.position]!.trim() })) } : {}),
      }),
    onSuccess: async (note) => {
      await afterInvoiceChange(queryClient, note);
      onClose();
      void navigate({ to: '/invoices/$id', params: { id: note.id } });
    },
  });
  const invalid = !reason.trim() || (scope === 'partial' && (chosen.length === 0 || problems.some(Boolean)));
  const error = create.error instanceof ApiError ? t(create.error.message) : create.error ? t('Could not create the credit note.') : null;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('Credit note for {number}', { number: invoice.number ?? '' })}</Text>} size="lg" centered>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('A credit note reduces what {company} owes; the invoice itself never changes. It is made as a draft for you to check and issue.', { company: invoice.company_name })}
        </Text>
        <SegmentedControl
          aria-label={t('Credit')}
          data={[{ value: 'full', label: t('Whole invoice ({amount})', { amount: formatMoney(invoice.totals.payable, invoice.currency) }) }, { value: 'partial', label: t('Some lines') }]}
          value={scope}
          onChange={(v) => setScope(v)}
        />
        {scope === 'partial' && (
          <div style={{ overflowX: 'auto' }}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Line')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('Invoiced')}</Table.Th>
                  <Table.Th>{t('Credit quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l, i) => (
                  <Table.Tr key={l.position}>
                    <Table.Td>
                      {l.position}. {l.description}
                      <Text fz="xs" c="dimmed">{formatMoney(l.net, invoice.currency)}</Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{trimZeros(l.quantity)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('Credit quantity of line {position}', { position: l.position })}
                        inputMode="decimal"
                        placeholder="0"
                        w={110}
                        value={quantities[l.position] ?? ''}
                        error={problems[i]}
                        onChange={(e) => {
                          // Read now: React has cleared currentTarget by the time a later render runs the updater.
                          const value = e.currentTarget.value;
                          setQuantities((q) => ({ ...q, [l.position]: value }));
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Textarea label={t('Reason')} placeholder={t('e.g. Storage charged twice')} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={300} autosize minRows={2} />
        {error && (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => create.mutate()} disabled={invalid || create.isPending}>
            {create.isPending ? t('Creating...') : t('Create draft credit note')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

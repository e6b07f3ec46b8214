import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@domain/common/i18n';
import { matchDifference } from '@domain/billing/supplier-bills';
import type { SupplierBill } from '@domain/billing/supplier-bills-schema';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { buyLinesQuery, shipmentSearchQuery, useMatchLine } from './api';

type BillLine = SupplierBill['lines'][number];

/**
 * Match one bill line to a shipment's cost (buy) line: find the shipment by its reference, pick the cost line, see the
 * difference (billed minus accrued) before saving. Lines in another currency or matched by another bill are shown,
 * not offered (the server refuses them with the same words).
 */
export function MatchDialog({ bill, line, onClose }: { bill: SupplierBill; line: BillLine; onClose: () => void }): ReactElement {
  const [search, setSearch] = useState(line.shipment_reference ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const [shipment, setShipment] = useState<{ id: string; label: string } | null>(line.shipment_id ? { id: line.shipment_id, label: line.shipment_reference ?? '' } : null);
  const found = useQuery(shipmentSearchQuery(debounced));
  const buyLines = useQuery(buyLinesQuery(shipment?.id ?? ''));
  const [chosen, setChosen] = useState<string | null>(line.charge_line_id);
  const match = useMatchLine(bill.id);
  const [problem, setProblem] = useState<string | null>(null);

  const options = [
    ...(shipment ? [{ value: shipment.id, label: shipment.label }] : []),
    ...(found.data?.rows ?? []).filter((s) => s.id !== shipment?.id).map((s) => ({ value: s.id, label: `${s.reference_number}${s.company_name ? ` · ${s.company_name}` : ''}` })),
  ];
  const picked = buyLines.data?.find((l) => l.id === chosen);
  const preview = picked ? matchDifference({ amount: line.amount }, bill.currency, picked) : null;

  const save = async () => {
    if (!shipment || !chosen) return;
    setProblem(null);
    try {
      await match.mutateAsync({ position: line.position, body: { shipment_id: shipment.id, charge_line_id: chosen } });
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : msg('The line could not be matched'));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('Match line {position}: {description}', { position: line.position, description: line.description })} size="lg" centered>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('Billed {amount}. Choose the shipment and the cost that was accrued for it.', { amount: formatMoney(line.amount, bill.currency) })}
        </Text>
        {problem && (
          <Alert color="red" variant="light" data-testid="match-problem">
            {t(problem)}
          </Alert>
        )}
        <Select
          label={t('Shipment')}
          searchable
          placeholder={t('Type a reference')}
          data={options}
          value={shipment?.id ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={debounced ? t('No shipment matches') : t('Type a reference')}
          onChange={(v, option) => {
            setShipment(v && option ? { id: v, label: option.label.split(' · ')[0]! } : null);
            setChosen(null);
          }}
          data-testid="match-shipment"
        />
        {shipment && buyLines.data && buyLines.data.length === 0 && <Text fz="sm">{t('This shipment has no cost lines.')}</Text>}
        {shipment && buyLines.data && buyLines.data.length > 0 && (
          <Radio.Group label={t('Cost line')} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6}>
              {buyLines.data.map((l) => {
                const other = l.matched_bill_id && l.matched_bill_id !== bill.id;
                const currency = l.currency !== bill.currency;
                const why = other
                  ? t('matched to bill {number}', { number: l.matched_bill_number })
                  : currency
                    ? t('in {currency}, the bill in {billCurrency}', { currency: l.currency, billCurrency: bill.currency })
                    : null;
                return (
                  <Radio
                    key={l.id}
                    value={l.id}
                    disabled={!!why}
                    data-testid="match-buy-line"
                    label={`${t('{line}: {amount} accrued', {
                      line: `${l.code ?? l.category}${l.description ? ` · ${l.description}` : ''}`,
                      amount: formatMoney(l.amount, l.currency),
                    })}${l.supplier_name ? ` · ${l.supplier_name}` : ''}`}
                    description={why ?? undefined}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {preview && (
          <Text fz="sm" fw={600} data-testid="match-preview">
            {preview.ok ? t('Difference: {amount} (billed minus accrued)', { amount: formatMoney(preview.difference, bill.currency) }) : t(preview.message)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!shipment || !chosen || (preview !== null && !preview.ok)} loading={match.isPending} data-testid="save-match">
            {t('Match')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

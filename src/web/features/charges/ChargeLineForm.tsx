import type { ReactElement } from 'react';
import { Modal, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_LABELS, CHARGE_CATEGORIES, CHARGE_UNITS, SUPPLIER_KINDS, UNIT_LABELS, type ChargeCategory, type ChargeSide, type ChargeUnit, type SupplierKind } from '@domain/billing/lines';
import type { ChargeLine, ChargeLineInput } from '@domain/billing/schema';
import { SUPPLIER_KIND_LABELS } from '@domain/billing/charge-rules';
import { CURRENCY_CODES } from '@domain/money/currencies';
import { NEEDS_EXEMPTION_REASON, VAT_CATEGORIES, VAT_CATEGORY_CODES, type VatCategory } from '@domain/money/vat';
import type { Page } from '@domain/common/list';
import { api } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FormActions, recordFieldError } from '@web/ui/RecordFormPage';
import { activeCodesQuery, useSaveLine } from './api';

type Values = {
  side: ChargeSide;
  code: string | null;
  category: ChargeCategory;
  description: string;
  quantity: string;
  unit: ChargeUnit;
  unit_price: string;
  currency: string;
  vat_category: VatCategory | null;
  vat_rate: string;
  exemption_reason: string;
  supplier_kind: SupplierKind | null;
  supplier_id: string | null;
  supplier_name: string | null;
};

const SUPPLIER_PATHS: Record<SupplierKind, string> = { carrier: '/carriers', agent: '/consolidation-agents', service_provider: '/service-providers' };
type Supplier = { id: string; name: string };

function initialValues(line: ChargeLine | undefined, side: ChargeSide, currency: string): Values {
  return {
    side: line?.side ?? side,
    code: line?.code ?? null,
    category: line?.category ?? 'freight',
    description: line?.description ?? '',
    quantity: line?.quantity ?? '1',
    unit: line?.unit ?? 'shipment',
    unit_price: line?.unit_price ?? '',
    currency: line?.currency ?? currency,
    vat_category: (line?.vat_category as VatCategory | null) ?? null,
    vat_rate: line?.vat_rate ?? '',
    exemption_reason: line?.exemption_reason ?? '',
    supplier_kind: line?.supplier_kind ?? null,
    supplier_id: line?.supplier_id ?? null,
    supplier_name: line?.supplier_name ?? null,
  };
}

function toInput(v: Values): ChargeLineInput {
  const buy = v.side === 'buy';
  return {
    side: v.side,
    category: v.category,
    code: v.code,
    description: v.description.trim() || null,
    quantity: v.quantity.trim(),
    unit: v.unit,
    unit_price: v.unit_price.trim(),
    currency: v.currency,
    vat_category: v.vat_category,
    vat_rate: v.vat_category ? v.vat_rate.trim() || '0' : null,
    exemption_reason: v.vat_category && NEEDS_EXEMPTION_REASON.has(v.vat_category) ? v.exemption_reason.trim() || null : null,
    supplier_kind: buy ? v.supplier_kind : null,
    supplier_id: buy ? v.supplier_id : null,
  };
}

/**
 * The add or edit form of one charge line, in a modal: side, code (which sets the category), description, quantity x
 * unit price per unit, currency, VAT, and for a cost its supplier. Two or three fields a row at 1280 px, one on a phone.
 */
export function ChargeLineForm({
  shipmentId, line, side, currency, onClose,
}: { shipmentId: string; line?: ChargeLine; side: ChargeSide; currency: string; onClose: () => void }): ReactElement {
  const save = useSaveLine(shipmentId);
  const codes = useQuery(activeCodesQuery());
  const form = useForm<Values>({ initialValues: initialValues(line, side, currency) });
  const v = form.values;
  const error = save.error;
  const fieldError = (field: string) => {
    const message = recordFieldError(error, field, '');
    return message && t(message);
  };
  const codeOptions = (codes.data?.rows ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
  if (line?.code && !codeOptions.some((o) => o.value === line.code)) codeOptions.unshift({ value: line.code, label: line.code });

  const submit = form.onSubmit((values) => save.mutate({ id: line?.id, values: toInput(values) }, { onSuccess: onClose }));
  return (
    <Modal opened onClose={onClose} title={line ? t('Edit line') : v.side === 'sell' ? t('Add charge') : t('Add cost')} size="lg">
      <form noValidate onSubmit={submit} aria-label={t('Charge line')}>
        <Stack gap="sm">
          <ErrorBanner error={error} />
          <SegmentedControl
            aria-label={t('Side')}
            data={[{ value: 'sell', label: t('Charge (sell)') }, { value: 'buy', label: t('Cost (buy)') }]}
            {...form.getInputProps('side')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('Charge code')}
              placeholder={t('Choose a code')}
              searchable
              clearable
              data={codeOptions}
              value={v.code}
              onChange={(code) => {
                form.setFieldValue('code', code);
                const found = codes.data?.rows.find((c) => c.code === code);
                if (found) form.setFieldValue('category', found.category);
              }}
              error={fieldError('code')}
            />
            <Select
              label={t('Category')}
              withAsterisk
              allowDeselect={false}
              data={CHARGE_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_LABELS[c]) }))}
              {...form.getInputProps('category')}
              error={fieldError('category')}
            />
          </SimpleGrid>
          <TextInput label={t('Description')} placeholder={t('e.g. Ocean freight Istanbul - Rotterdam')} maxLength={300} {...form.getInputProps('description')} error={fieldError('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
            <TextInput label={t('Quantity')} withAsterisk inputMode="decimal" {...form.getInputProps('quantity')} error={fieldError('quantity')} />
            <Select
              label={t('Unit')}
              allowDeselect={false}
              data={CHARGE_UNITS.map((u) => ({ value: u, label: t(UNIT_LABELS[u]) }))}
              {...form.getInputProps('unit')}
              error={fieldError('unit')}
            />
            <TextInput label={t('Unit price')} withAsterisk inputMode="decimal" placeholder={t('e.g. 1200.50')} {...form.getInputProps('unit_price')} error={fieldError('unit_price')} />
            <Select label={t('Currency')} withAsterisk searchable allowDeselect={false} data={CURRENCY_CODES as string[]} {...form.getInputProps('currency')} error={fieldError('currency')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('VAT category')}
              placeholder={t('None')}
              clearable
              data={VAT_CATEGORY_CODES.map((c) => ({ value: c, label: `${c} · ${t(VAT_CATEGORIES[c])}` }))}
              {...form.getInputProps('vat_category')}
              error={fieldError('vat_category')}
            />
            <TextInput label={t('VAT rate %')} inputMode="decimal" disabled={v.vat_category !== 'S'} placeholder={v.vat_category === 'S' ? t('e.g. 20') : '0'} {...form.getInputProps('vat_rate')} error={fieldError('vat_rate')} />
            {v.vat_category && NEEDS_EXEMPTION_REASON.has(v.vat_category) && (
              <TextInput label={t('Exemption reason')} withAsterisk maxLength={200} {...form.getInputProps('exemption_reason')} error={fieldError('exemption_reason')} />
            )}
          </SimpleGrid>
          {v.side === 'buy' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('Supplier kind')}
                placeholder={t('None')}
                clearable
                data={SUPPLIER_KINDS.map((k) => ({ value: k, label: t(SUPPLIER_KIND_LABELS[k]) }))}
                value={v.supplier_kind}
                onChange={(kind) => form.setValues({ supplier_kind: kind, supplier_id: null, supplier_name: null })}
                error={fieldError('supplier_kind')}
              />
              <AsyncSelect<Supplier>
                key={v.supplier_kind ?? ''}
                label={t('Supplier')}
                placeholder={v.supplier_kind ? t('Search by name') : t('Choose the kind first')}
                disabled={!v.supplier_kind}
                queryKey={['charges', 'suppliers', v.supplier_kind]}
                fetchRows={async (q, signal) => (await api<Page<Supplier>>(SUPPLIER_PATHS[v.supplier_kind ?? 'carrier'], { query: { q, pageSize: 20 }, signal })).rows}
                toOption={(s) => ({ value: s.id, label: s.name })}
                value={v.supplier_id}
                selected={v.supplier_id && v.supplier_name ? { value: v.supplier_id, label: v.supplier_name } : null}
                onChange={(s) => form.setValues({ supplier_id: s?.id ?? null, supplier_name: s?.name ?? null })}
                error={fieldError('supplier_id')}
              />
            </SimpleGrid>
          )}
          <FormActions submitLabel={line ? t('Save line') : t('Add line')} busyLabel={t('Saving...')} busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

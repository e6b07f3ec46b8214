import { NativeSelect, NumberInput } from '@mantine/core';
import type { SectionProps } from './form-context';
import { t } from '@web/lib/i18n';
import { currencyOptions, type ShipmentFormState } from './form-values';

type AmountField = keyof ShipmentFormState;

/**
 * A money amount with its own currency (spec section 3: each charge and cost has a paired _currency).
 * Step 0.01, two decimals. Create offers the eleven currencies, edit USD/EUR/GBP/TRY plus the stored code.
 */
export function AmountInput({ form, mode, initial, field, label, description }: SectionProps & { field: AmountField; label: string; description?: string }) {
  const currencyField = `${field}_currency` as AmountField;
  const currency = (
    <NativeSelect
      aria-label={t('{label} Currency', { label })}
      data={currencyOptions(mode, initial[currencyField])}
      {...form.getInputProps(currencyField)}
      withAsterisk={false}
      variant="unstyled"
      rightSectionWidth={22}
      styles={{ input: { fontWeight: 500, paddingLeft: 8, paddingRight: 22, width: 84 } }}
    />
  );
  return (
    <NumberInput
      label={label}
      description={description}
      step={0.01}
      decimalScale={2}
      min={0}
      allowNegative={false}
      hideControls
      rightSection={currency}
      rightSectionWidth={84}
      rightSectionPointerEvents="all"
      {...form.getInputProps(field)}
    />
  );
}

import { NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MAX_DIVISOR, MIN_DIVISOR } from '@domain/shipments/index';
import type { CarrierType } from '@domain/common/enums';
import { t } from '@web/lib/i18n';

export type CarrierCodeValues = { iata_prefix: string; iata_code: string; scac: string; volumetric_divisor: number | string };
export const emptyCarrierCodes: CarrierCodeValues = { iata_prefix: '', iata_code: '', scac: '', volumetric_divisor: '' };

type InputProps = (field: keyof CarrierCodeValues) => GetInputPropsReturnType;
const below = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

/**
 * The carrier's codes (issue 14): an airline's IATA prefix (the first 3 digits of its air waybills) and 2-character
 * designator; a shipping line's or trucking company's SCAC. Any carrier may carry its own volumetric divisor.
 * The API upper-cases the codes and keeps only those of the carrier's type.
 */
export function CarrierCodeFields({ type, inputProps }: { type: CarrierType | ''; inputProps: InputProps }) {
  return (
    <Stack gap="md">
      <Title order={2} fz="md">
        {t('Codes and chargeable weight')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {type === 'airline' && (
          <>
            <TextInput label={t('IATA Prefix')} placeholder={t('e.g. {example}', { example: '235' })} description={t('3 digits: the start of its air waybill numbers')} inputWrapperOrder={below} maxLength={3} inputMode="numeric" {...inputProps('iata_prefix')} />
            <TextInput label={t('IATA Code')} placeholder={t('e.g. {example}', { example: 'TK' })} description={t('2-character airline designator')} inputWrapperOrder={below} maxLength={2} autoCapitalize="characters" {...inputProps('iata_code')} />
          </>
        )}
        {(type === 'shipping_line' || type === 'trucking_company') && (
          <TextInput label="SCAC" placeholder={t('e.g. {example}', { example: 'MAEU' })} description={t('Standard Carrier Alpha Code, 2 to 4 letters')} inputWrapperOrder={below} maxLength={4} autoCapitalize="characters" {...inputProps('scac')} />
        )}
        <NumberInput
          label={t('Volumetric Divisor')}
          placeholder={t('e.g. {example}', { example: '5000' })}
          description={t("cm³ per kg; leave empty for the mode's default")}
          inputWrapperOrder={below}
          min={MIN_DIVISOR}
          max={MAX_DIVISOR}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          {...inputProps('volumetric_divisor')}
        />
      </SimpleGrid>
    </Stack>
  );
}

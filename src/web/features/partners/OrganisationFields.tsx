import type { ReactNode } from 'react';
import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconMail, IconPhone, IconWorld } from '@tabler/icons-react';
import { PARTNER_LIMITS } from '@domain/partners/schema';
import { t } from '@web/lib/i18n';
import type { OrganisationFormValues } from './organisation-form';

type InputProps = (field: keyof OrganisationFormValues) => GetInputPropsReturnType;

/**
 * The shared part of the partner forms: name and country (required), an optional slot for the partner's type
 * select, the registration number, an optional block of the partner's own fields (`children`, e.g. carrier codes),
 * and the contact section (email, phone, website with their input types).
 */
export function OrganisationFields({
  inputProps, typeField, namePlaceholder, children,
}: { inputProps: InputProps; typeField?: ReactNode; namePlaceholder: string; children?: ReactNode }) {
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('Details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Name')} required placeholder={namePlaceholder} maxLength={PARTNER_LIMITS.name} {...inputProps('name')} />
          <TextInput label={t('Country')} required placeholder={t('e.g. Germany')} maxLength={PARTNER_LIMITS.country} autoComplete="country-name" {...inputProps('country')} />
          {typeField}
          <TextInput label={t('Registration Number')} placeholder={t('Trade register, IATA or SCAC code')} maxLength={PARTNER_LIMITS.registration} {...inputProps('registration_number')} />
        </SimpleGrid>
      </Stack>
      {children}
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('Contact')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Email')} type="email" placeholder="bookings@example.com" leftSection={<IconMail size={16} />} maxLength={PARTNER_LIMITS.email} autoComplete="email" {...inputProps('contact_email')} />
          <TextInput label={t('Phone')} type="tel" placeholder="+49 40 555 0100" leftSection={<IconPhone size={16} />} maxLength={PARTNER_LIMITS.phone} autoComplete="tel" {...inputProps('contact_phone')} />
          <TextInput
            label={t('Website')}
            type="url"
            inputMode="url"
            // eslint-disable-next-line no-restricted-syntax -- an address, not text
            placeholder="example.com"
            description={t('https:// is added when it is left out')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            leftSection={<IconWorld size={16} />}
            maxLength={PARTNER_LIMITS.website}
            autoComplete="url"
            {...inputProps('website')}
          />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconMapPin, IconReceipt2 } from '@tabler/icons-react';
import { COMPANY_MESSAGES, type Company } from '@domain/companies/schema';
import { formatDate } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { countryIn } from '@domain/locale/countries';
import { languageName } from '@domain/common/i18n';
import { InfoCard } from './InfoCard';

/** The loader of a company page until its company arrives. */
export const CompanyLoading = (): ReactElement => (
  <Center py={80}>
    <Loader size="sm" />
  </Center>
);

/**
 * A company's profile, the staff's (/companies/{id}) and the customer's (/company/{id}): the back link, the name with
 * 'Company profile' (and the staff's `actions` beside it), the Address and Registration cards, then the page's
 * sections (`children`).
 */
export function CompanyProfileLayout({ company, back, actions, children }: { company: Company; back: ReactNode; actions?: ReactNode; children: ReactNode }): ReactElement {
  const title = (
    <Stack gap={2}>
      <Title order={1} fz={26}>
        {company.name}
      </Title>
      <Text c="dimmed">{t('Company profile')}</Text>
    </Stack>
  );
  return (
    <Stack gap="lg">
      {back}
      {actions ? (
        <Group justify="space-between" align="flex-start">
          {title}
          {actions}
        </Group>
      ) : (
        title
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <InfoCard icon={<IconMapPin size={20} />} title={t('Address')}>
          { }
          <Text c={company.address ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {company.address ?? t(COMPANY_MESSAGES.noAddress)}
          </Text>
        </InfoCard>
        <InfoCard icon={<IconCalendar size={20} />} title={t('Registration')}>
          <Text fz="sm" c="dimmed">
            {t('Created At')}
          </Text>
          <Text>{formatDate(company.created_at)}</Text>
        </InfoCard>
        <InfoCard icon={<IconReceipt2 size={20} />} title={t('Billing')}>
          <Text fz="sm" c="dimmed">
            {t('VAT number')}
          </Text>
          <Text>{company.vat_number ?? '—'}</Text>
          <Text fz="sm" c="dimmed">
            {t('Country')}
          </Text>
          <Text>{countryIn(company.country, reader().locale) ?? '—'}</Text>
          <Text fz="sm" c="dimmed">
            {t('Payment terms')}
          </Text>
          <Text>{company.payment_terms_days === null ? t('The default terms') : t('{days} days', { days: company.payment_terms_days })}</Text>
          <Text fz="sm" c="dimmed">
            {t('Language')}
          </Text>
          <Text>{languageName(company.language)}</Text>
        </InfoCard>
      </SimpleGrid>
      {children}
    </Stack>
  );
}

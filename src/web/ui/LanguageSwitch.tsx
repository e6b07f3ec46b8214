import { Group, UnstyledButton } from '@mantine/core';
import { languageName } from '@domain/common/i18n';
import { LOCALES, setLocale, t, useLocale } from '@web/lib/i18n';

/**
 * The language links of a signed-out page (sign in, sign up, a shared tracking page): each language named in itself;
 * the choice is kept for this browser (issue 42). Signed in, My Profile holds the choice.
 */
export function LanguageSwitch() {
  const current = useLocale();
  return (
    <Group component="nav" aria-label={t('Language')} justify="center" gap="md">
      {LOCALES.map((locale) => (
        <UnstyledButton
          key={locale}
          lang={locale}
          fz="sm"
          fw={locale === current ? 700 : 400}
          c={locale === current ? undefined : 'blue.8'}
          td={locale === current ? undefined : 'underline'}
          aria-current={locale === current ? 'true' : undefined}
          onClick={() => void setLocale(locale, true)}
        >
          {languageName(locale)}
        </UnstyledButton>
      ))}
    </Group>
  );
}

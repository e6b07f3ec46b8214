import { useState } from 'react';
import { Paper, Select, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { languageName } from '@domain/common/i18n';
import type { Me } from '@domain/auth/rules';
import { api, ApiError } from '@web/lib/api';
import { LOCALES, navigatorLocale, setLocale, t } from '@web/lib/i18n';
import { meQueryOptions } from '@web/features/auth';

const BROWSER = 'browser';

/**
 * My Profile › Language (issue 42): English, Türkçe, or the browser's. Saved on the account, so every screen changes at
 * once and the next sign-in elsewhere opens in it; staff mails follow it (a customer's follow the company's).
 */
export function LanguageSection({ user }: { user: Me }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choose = async (value: string | null) => {
    if (!value) return;
    const language = value === BROWSER ? null : value;
    setSaving(true);
    setError(null);
    try {
      await api('/me/language', { method: 'PUT', body: { language } });
      const next: Me = { ...user, language };
      queryClient.setQueryData(meQueryOptions.queryKey, next);
      await setLocale(language ?? navigatorLocale(), true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('Could not save the language.'));
      setSaving(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="language-title">
      <Title order={2} fz="lg" id="language-title" mb={4}>
        {t('Language')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('The language of every screen, and of the mails Cargodesk sends you.')}
      </Text>
      <Select
        label={t('Language')}
        maw={320}
        allowDeselect={false}
        disabled={saving}
        value={user.language ?? BROWSER}
        error={error}
        onChange={(v) => void choose(v)}
        data={[
          { value: BROWSER, label: t("The browser's language ({language})", { language: languageName(navigatorLocale()) }) },
          ...LOCALES.map((l) => ({ value: l, label: languageName(l) })),
        ]}
      />
    </Paper>
  );
}


import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Center, FileButton, Group, Image, Loader, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { LETTERHEAD_LIMITS, letterheadSchema, type Letterhead, type LetterheadInput } from '@domain/generated-documents/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { generatedKeys, letterheadQuery, removeLogo, saveLetterhead, uploadLogo } from './api';

type Values = Required<LetterheadInput>;
const EMPTY: Values = { name: '', address: '', phone: '', email: '', tax_id: '', registration_number: '', place_of_issue: '', bl_prefix: 'CDK', bl_signed_as: 'agent', bl_terms: '', iata_agent_code: '', iata_account: '' };
const textOf = ({ has_logo: _logo, updated_at: _at, ...text }: Letterhead): Values => text;

/** /settings/letterhead (admins): the name, address and logo every generated paper carries at its top (issue 16). */
export function LetterheadPage() {
  const queryClient = useQueryClient();
  const query = useQuery(letterheadQuery);
  const form = useForm<Values>({ initialValues: EMPTY });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [logoBusy, setLogoBusy] = useState(false);
  // A fresh address for the logo after each change, so the browser does not show the old image.
  const [logoVersion, setLogoVersion] = useState(0);
  const resetFile = useRef<() => void>(null);

  const loaded = query.data;
  useEffect(() => {
    if (loaded) {
      form.setValues(textOf(loaded));
      form.resetDirty();
    }
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  const saved = (next: Letterhead) => queryClient.setQueryData(generatedKeys.letterhead, next);

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = letterheadSchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t(i.message)])));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      saved(await saveLetterhead(parsed.data));
      notifications.show({ color: 'green', title: t('Letterhead saved'), message: t('New documents carry it from now on.') });
    } catch (e) {
      setError(e);
      if (e instanceof ApiError && e.fields) form.setErrors(Object.fromEntries(Object.entries(e.fields).map(([field, message]) => [field, t(message)])));
    } finally {
      setBusy(false);
    }
  });

  const changeLogo = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setLogoBusy(true);
    setError(null);
    try {
      saved(await uploadLogo(file));
      setLogoVersion((v) => v + 1);
      notifications.show({ color: 'green', message: t('Logo saved.') });
    } catch (e) {
      setError(e);
    } finally {
      setLogoBusy(false);
    }
  };
  const dropLogo = async () => {
    setLogoBusy(true);
    setError(null);
    try {
      saved(await removeLogo());
    } catch (e) {
      setError(e);
    } finally {
      setLogoBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Anchor renderRoot={(props) => <Link {...props} to="/staff" />} fz="sm" w="fit-content">
        {t('Back to Staff')}
      </Anchor>
      <PageHeader title={t('Letterhead')} subtitle={t("Your company's name, address and logo at the top of every generated document")} />
      <ErrorBanner error={query.error ?? error} />
      {!loaded ? (
        <Center py={60}>
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Paper withBorder radius="md" p="lg" component="form" onSubmit={onSubmit} aria-label={t('Letterhead')} noValidate>
            <Stack gap="md">
              <TextInput label={t('Company Name')} required maxLength={LETTERHEAD_LIMITS.name} {...form.getInputProps('name')} />
              <Textarea label={t('Address')} autosize minRows={3} maxLength={LETTERHEAD_LIMITS.address} {...form.getInputProps('address')} />
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label={t('Phone')} maxLength={LETTERHEAD_LIMITS.line} {...form.getInputProps('phone')} miw={200} />
                <TextInput label={t('Email')} type="email" maxLength={LETTERHEAD_LIMITS.line} {...form.getInputProps('email')} miw={200} />
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label={t('Tax ID')} description={t('VAT or tax number, printed under the address')} maxLength={LETTERHEAD_LIMITS.line} {...form.getInputProps('tax_id')} miw={200} />
                <TextInput
                  label={t('Registration Number')}
                  description={t('Trade registry or MERSIS number, printed beside the tax ID')}
                  maxLength={LETTERHEAD_LIMITS.line}
                  {...form.getInputProps('registration_number')}
                  miw={200}
                />
              </Group>
              <Text fz="sm" c="dimmed">
                {t('Bank details (IBAN, BIC) print from the billing settings, where they are checked.')}{' '}
                <Anchor component={Link} to="/settings/billing" fz="sm" underline="always">
                  {t('Billing settings')}
                </Anchor>
              </Text>
              <Title order={2} fz="md" mt="xs">
                {t('Bills of lading')}
              </Title>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label={t('Place of Issue')} description={t('Where the papers are issued, e.g. Istanbul')} maxLength={LETTERHEAD_LIMITS.line} {...form.getInputProps('place_of_issue')} miw={200} />
                <TextInput
                  label={t('B/L Number Prefix')}
                  description={t('{prefix} gives {example}', { prefix: form.values.bl_prefix || 'CDK', example: `${form.values.bl_prefix || 'CDK'}2611000123` })}
                  maxLength={10}
                  autoCapitalize="characters"
                  {...form.getInputProps('bl_prefix')}
                  miw={200}
                />
              </Group>
              <Radio.Group label={t('Sign house bills')} {...form.getInputProps('bl_signed_as')}>
                <Group mt="xs" gap="lg">
                  <Radio value="agent" label={t('As agent for the carrier')} />
                  <Radio value="carrier" label={t('As carrier (our own bill, NVOCC)')} />
                </Group>
              </Radio.Group>
              <Textarea
                label={t('Terms and Conditions')}
                description={t('The conditions the bill is subject to, e.g. FIATA FBL standard conditions')}
                autosize
                minRows={2}
                maxLength={LETTERHEAD_LIMITS.address}
                {...form.getInputProps('bl_terms')}
              />
              <Title order={2} fz="md" mt="xs">
                {t('Air waybills')}
              </Title>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label={t("Agent's IATA Code")} description={t('e.g. {example}', { example: '34-4 7890/1234' })} maxLength={20} {...form.getInputProps('iata_agent_code')} miw={200} />
                <TextInput label={t('IATA Account No.')} maxLength={LETTERHEAD_LIMITS.line} {...form.getInputProps('iata_account')} miw={200} />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t('Save Letterhead')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="logo-title">
            <Stack gap="sm">
              <Title order={2} fz="lg" id="logo-title">
                {t('Logo')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('A PNG or JPEG image under {size} KB, printed at the top left.', { size: LETTERHEAD_LIMITS.logoBytes / 1024 })}
              </Text>
              {loaded.has_logo ? (
                <Image src={`/api/settings/letterhead/logo?v=${logoVersion}`} alt={t('Current logo')} maw={240} mah={90} fit="contain" />
              ) : (
                <Text fz="sm">{t('No logo yet.')}</Text>
              )}
              <Group gap="sm">
                <FileButton onChange={(f) => void changeLogo(f)} accept="image/png,image/jpeg" resetRef={resetFile}>
                  {(props) => (
                    <Button {...props} variant="light" leftSection={<IconPhoto size={16} />} loading={logoBusy}>
                      {loaded.has_logo ? t('Replace Logo') : t('Upload Logo')}
                    </Button>
                  )}
                </FileButton>
                {loaded.has_logo && (
                  <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => void dropLogo()} disabled={logoBusy}>
                    {t('Remove Logo')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

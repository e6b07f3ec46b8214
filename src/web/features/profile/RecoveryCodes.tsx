import { Alert, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { recoveryCodesFile } from '@domain/auth/two-factor';
import { saveBlob } from '@web/lib/save-blob';
import { t } from '@web/lib/i18n';

const download = (name: string, text: string) => saveBlob(new Blob([text], { type: 'text/plain' }), name);

/** The recovery codes, shown once (after enrolment or regeneration), with copy and download. */
export function RecoveryCodes({ email, codes, onDone }: { email: string; codes: string[]; onDone: () => void }) {
  const file = recoveryCodesFile(email, codes);
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title={t('Save your recovery codes')}>
        {t('If you lose your phone, each of these codes lets you sign in once instead of a code from your authenticator app. They are shown only now: copy or download them and keep them somewhere safe.')}
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label={t('Recovery codes')} role="list">
          {codes.map((c) => (
            <Code key={c} fz="md" ta="center" role="listitem" bg="white">
              {c}
            </Code>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? t('Copied') : t('Copy codes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download('cargodesk-recovery-codes.txt', file)}>
          {t('Download')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('I have saved my recovery codes')}</Button>
      </Group>
      <Text fz="xs" c="dimmed">
        {t('Generating new codes makes these ones stop working.')}
      </Text>
    </Stack>
  );
}

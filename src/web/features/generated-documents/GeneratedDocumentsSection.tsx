import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconFileText, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { GENERATED_KIND_INFO, foldVersions, versionLabel, type GeneratedVersion } from '@domain/generated-documents/schema';
import { fieldLabel } from '@domain/shipments/fields-schema';
import { formatFileSize } from '@domain/documents/rules';
import { msg } from '@domain/common/i18n';
import { formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PreviewOverlay, ViewDownload, useDownload, type DocumentRef } from '@web/features/documents';
import { Section } from '@web/ui/DetailParts';
import { generatedQuery, useGeneratedActions } from './api';

export const NO_GENERATED = msg('No documents generated yet');

/**
 * The staff detail page's papers generated from the shipment (issue 16): Generate offers the ones that fit; each
 * version is a draft until marked final, when the customer sees it. A version whose printed fields have changed
 * since says which, so staff know to generate it again.
 */
export function GeneratedDocumentsSection({ shipmentId, canGenerate }: { shipmentId: string; canGenerate: boolean }) {
  const query = useQuery(generatedQuery(shipmentId));
  const { generate, finalize } = useGeneratedActions(shipmentId);
  const [viewing, setViewing] = useState<DocumentRef | null>(null);
  const [finalizing, setFinalizing] = useState<GeneratedVersion | null>(null);
  const { download, busyName } = useDownload();
  const kinds = query.data?.kinds ?? [];
  const rows = query.data?.rows ?? [];
  // The newest version of each paper and its newest final one; older versions fold (issue 41).
  const [showOlder, setShowOlder] = useState(false);
  const { shown, older } = foldVersions(rows);
  const listed = showOlder ? rows : shown;

  return (
    <Section
      title={t('Generated Documents')}
      icon={<IconFileText size={18} />}
      actions={
        canGenerate &&
        kinds.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" rightSection={<IconChevronDown size={14} />} loading={generate.isPending}>
                {t('Generate')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {kinds.map((kind) => (
                <Menu.Item key={kind} onClick={() => generate.mutate(kind)}>
                  {t(GENERATED_KIND_INFO[kind].label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )
      }
    >
      <ErrorBanner error={query.error ?? generate.error} />
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        !query.error && (
          <Text fz="sm" c="dimmed" ta="center">
            {t(NO_GENERATED)}
          </Text>
        )
      ) : (
        <Stack gap="sm" data-testid="generated-documents">
          {listed.map((v) => (
            <Paper key={v.id} withBorder radius="md" p="sm" aria-label={v.original_name} data-testid="generated-version">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {t(v.label)} · v{v.version}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {v.original_name} · {formatFileSize(v.size, reader())} · {v.created_by_name ?? t('Unknown')}, {formatDateTime(v.created_at)}
                    </Text>
                  </Stack>
                  {v.final ? (
                    <Badge color="green" variant="light" leftSection={<IconLock size={12} />} style={{ flexShrink: 0 }}>
                      {t('Final')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                      {t('Draft')}
                    </Badge>
                  )}
                </Group>
                {v.final && (
                  <Text fz="xs" c="dimmed">
                    {t('Made final by {name}, {date}. The customer sees it.', { name: v.finalized_by_name ?? t('Unknown'), date: formatDateTime(v.finalized_at) })}
                  </Text>
                )}
                {v.changed_fields.length > 0 && (
                  <Alert color="yellow" variant="light" p="xs" title={null}>
                    <Text fz="xs">
                      {t('Changed since {version}: {fields}', { version: versionLabel(v.kind, v.version), fields: v.changed_fields.map((f) => t(fieldLabel(f))).join(', ') })}
                    </Text>
                  </Alert>
                )}
                <ViewDownload doc={{ name: v.document_name, original_name: v.original_name }} onView={setViewing} onDownload={(doc) => void download(doc)} busyName={busyName}>
                  {canGenerate && !v.final && (
                    <Button size="compact-sm" variant="outline" color="green" onClick={() => setFinalizing(v)} aria-label={t('Mark {name} final', { name: v.original_name })}>
                      {t('Mark final')}
                    </Button>
                  )}
                </ViewDownload>
              </Stack>
            </Paper>
          ))}
          {older.length > 0 && (
            <Button variant="subtle" size="compact-sm" mih={44} onClick={() => setShowOlder((v) => !v)} aria-expanded={showOlder}>
              {showOlder ? t('Hide older versions') : t('Show {count, plural, one {# older version} other {# older versions}}', { count: older.length })}
            </Button>
          )}
        </Stack>
      )}
      <PreviewOverlay file={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={finalizing !== null}
        title={finalizing ? t('Mark {version} final?', { version: versionLabel(finalizing.kind, finalizing.version) }) : ''}
        message={t('The customer will see this version and be told. Fields it printed show a note when edited. This cannot be undone.')}
        confirmLabel={t('Mark final')}
        busyLabel={t('Saving...')}
        confirmColor="green"
        busy={finalize.isPending}
        error={finalize.error ? t(finalize.error.message) : null}
        onConfirm={() => finalizing && finalize.mutate(finalizing.id, { onSuccess: () => setFinalizing(null) })}
        onClose={() => {
          finalize.reset();
          setFinalizing(null);
        }}
      />
    </Section>
  );
}

import { Suspense, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFiles, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ShipmentDocument } from '@domain/documents/schema';
import { formatFileSize } from '@domain/documents/rules';
import { msg } from '@domain/common/i18n';
import { formatDate, formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { FileTypeIcon, LazyShipmentUpload, PreviewOverlay, ViewDownload, useDownload, useShipmentDocuments, type DocumentRef, type ViewDownloadActions } from '@web/features/documents';
import { Section } from '@web/ui/DetailParts';

export const NO_DOCUMENTS = msg('No documents attached to this shipment');

/** 'Assigned by {name} on {date}' (assignedByLine's words), in the reader's language. */
const assignedBy = (name: string | null, date: string) => t('Assigned by {name} on {date}', { name: name ?? t('Unknown'), date });

type Actions = ViewDownloadActions;

/**
 * The shipment's documents (spec section 2). Staff: a list with size, assigner, assignment time, View and
 * Download, and 'Add Document' to /documents. Customer view: cards with the 'Assigned' tag and
 * 'Assigned by {name} on {date}'. Both open the shared preview overlay.
 */
export function DocumentsSection({
  shipmentId, reference, variant, canAdd,
}: { shipmentId: string; reference: string; variant: 'staff' | 'customer'; canAdd: boolean }) {
  const documents = useShipmentDocuments(shipmentId);
  // Issue 21: staff upload several files straight from here, each assigned to this shipment as it is stored.
  const [uploading, setUploading] = useState(false);
  const [uploaderLoaded, setUploaderLoaded] = useState(false);
  const [viewing, setViewing] = useState<DocumentRef | null>(null);
  const { download, busyName } = useDownload();
  const actions: Actions = { onView: setViewing, onDownload: (doc) => void download(doc), busyName };
  const rows = documents.data ?? [];

  return (
    <Section
      title={t('Documents')}
      icon={<IconFiles size={18} />}
      actions={
        canAdd && (
          <Group gap={6} wrap="wrap" justify="flex-end">
            <Button
              size="xs"
              leftSection={<IconUpload size={14} />}
              onClick={() => {
                setUploaderLoaded(true);
                setUploading(true);
              }}
            >
              {t('Upload Files')}
            </Button>
            <Button component={Link} to="/documents" size="xs" variant="light" leftSection={<IconFileUpload size={14} />}>
              {t('Add Document')}
            </Button>
          </Group>
        )
      }
    >
      <ErrorBanner error={documents.error} />
      {documents.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        !documents.error && (
          <Box ta="center">
            <EmptyState title={t(NO_DOCUMENTS)} text={t('Documents assigned to this shipment will be listed here.')} icon={<IconFiles size={26} />} />
          </Box>
        )
      ) : (
        <Stack gap="sm" data-testid="shipment-documents">
          {rows.map((doc) => (variant === 'staff' ? <StaffDocumentRow key={doc.name} doc={doc} {...actions} /> : <CustomerDocumentCard key={doc.name} doc={doc} {...actions} />))}
        </Stack>
      )}
      <PreviewOverlay file={viewing} onClose={() => setViewing(null)} />
      {canAdd && uploaderLoaded && (
        <Suspense fallback={null}>
          <LazyShipmentUpload shipmentId={shipmentId} reference={reference} opened={uploading} onClose={() => setUploading(false)} />
        </Suspense>
      )}
    </Section>
  );
}

/** The file's icon, name and a line under it. The side column is narrow: long names wrap anywhere. */
function FileHeading({ doc, children }: { doc: ShipmentDocument; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <FileTypeIcon name={doc.original_name} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="shipment-document-name">
          {doc.original_name}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function StaffDocumentRow({ doc, ...actions }: Actions & { doc: ShipmentDocument }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="shipment-document" aria-label={doc.original_name}>
      <Stack gap="xs">
        <FileHeading doc={doc}>
          <Text fz="xs" c="dimmed">
            {formatFileSize(doc.size, reader())} · {assignedBy(doc.assigned_by_name, formatDateTime(doc.assigned_at))}
          </Text>
          {doc.draft && (
            <Badge color="gray" variant="light" size="sm" w="fit-content">
              {t('Draft: not shown to the customer')}
            </Badge>
          )}
        </FileHeading>
        <ViewDownload doc={doc} {...actions} />
      </Stack>
    </Paper>
  );
}

function CustomerDocumentCard({ doc, ...actions }: Actions & { doc: ShipmentDocument }) {
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" data-testid="shipment-document" aria-label={doc.original_name}>
      <Stack gap="xs">
        <FileHeading doc={doc}>
          <Group gap="xs">
            <Text fz="xs" c="dimmed">
              {formatFileSize(doc.size, reader())}
            </Text>
            <Badge color="green" variant="light" size="sm">
              {t('Assigned')}
            </Badge>
          </Group>
        </FileHeading>
        <Text fz="xs" c="dimmed" data-testid="shipment-document-assigned-by">
          {assignedBy(doc.assigned_by_name, formatDate(doc.assigned_at))}
        </Text>
        <ViewDownload doc={doc} {...actions} />
      </Stack>
    </Paper>
  );
}

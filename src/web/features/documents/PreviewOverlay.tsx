import { useState, type ReactNode } from 'react';
import { Box, Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconEyeOff, IconMaximize, IconMinimize, IconX } from '@tabler/icons-react';
import { previewKind } from '@domain/documents/rules';
import { t } from '@web/lib/i18n';
import { useDocumentLink } from './api';
import { useDownload, type DocumentRef } from './download';
import { PREVIEW_TEXTS } from './texts';

/**
 * The preview overlay of /documents and both shipment detail pages (spec section 2): full screen at first,
 * the file name, Download, Full Screen / Exit Full Screen and Close; PDFs in a frame, images shown, other
 * types 'Preview Not Available'. Escape closes it. The file comes through a fresh 60 s inline signed link.
 */
export function PreviewOverlay({ file, onClose }: { file: DocumentRef | null; onClose: () => void }) {
  if (!file) return null;
  return <PreviewModal key={file.name} file={file} onClose={onClose} />;
}

const HEADER_HEIGHT = 64;

function PreviewModal({ file, onClose }: { file: DocumentRef; onClose: () => void }) {
  const [fullScreen, setFullScreen] = useState(true);
  const { download, busyName } = useDownload();
  const downloadButton = (label: string, variant: 'filled' | 'default' = 'filled') => (
    <Button variant={variant} leftSection={<IconDownload size={16} />} loading={busyName === file.name} onClick={() => void download(file)}>
      {label}
    </Button>
  );
  const bodyHeight = fullScreen ? `calc(100dvh - ${HEADER_HEIGHT}px)` : '75vh';

  return (
    <Modal.Root opened onClose={onClose} fullScreen={fullScreen} size="80%" centered>
      <Modal.Overlay />
      <Modal.Content aria-label={t('Preview of {name}', { name: file.original_name })} data-testid="document-preview">
        <Modal.Header h={HEADER_HEIGHT} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Modal.Title style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate="end" title={file.original_name} data-testid="preview-file-name">
              {file.original_name}
            </Text>
          </Modal.Title>
          <Group gap="xs" wrap="nowrap" ml="md">
            {downloadButton(t('Download'), 'default')}
            <Button
              variant="default"
              leftSection={fullScreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
              onClick={() => setFullScreen((f) => !f)}
            >
              {fullScreen ? t('Exit Full Screen') : t('Full Screen')}
            </Button>
            <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
              {t('Close')}
            </Button>
          </Group>
        </Modal.Header>
        <Modal.Body p={0} h={bodyHeight} bg="gray.1">
          <PreviewContent file={file} downloadButton={downloadButton} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type DownloadButton = (label: string, variant?: 'filled' | 'default') => ReactNode;

function PreviewContent({ file, downloadButton }: { file: DocumentRef; downloadButton: DownloadButton }) {
  const kind = previewKind(file.original_name);
  const link = useDocumentLink(file.name, 'inline');
  const [imageFailed, setImageFailed] = useState(false);

  if (kind === 'none') {
    return (
      <Message icon={<IconEyeOff size={28} />} title={t(PREVIEW_TEXTS.notAvailableTitle)} text={t(PREVIEW_TEXTS.notAvailableText)}>
        {downloadButton(t('Download File'))}
      </Message>
    );
  }
  if (link.error) return <LoadError message={t(PREVIEW_TEXTS.documentFailed)} downloadButton={downloadButton} />;
  if (!link.data) return <Loading />;
  if (kind === 'pdf') return <PdfFrame url={link.data.url} title={file.original_name} downloadButton={downloadButton} />;
  if (imageFailed) return <LoadError message={t(PREVIEW_TEXTS.imageFailed)} downloadButton={downloadButton} />;
  return (
    <Center h="100%" p="md">
      <img
        src={link.data.url}
        alt={file.original_name}
        data-testid="preview-image"
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block', background: 'white', boxShadow: 'var(--mantine-shadow-sm)' }}
        onError={() => setImageFailed(true)}
      />
    </Center>
  );
}

/**
 * The PDF in a frame. A frame reports no HTTP errors, so when it has loaded, a same-origin JSON document in it
 * (our API's error answer: an expired link, a missing file) counts as a failure. Reading the bytes first
 * instead would fetch the file twice (and log two downloads).
 */
function PdfFrame({ url, title, downloadButton }: { url: string; title: string; downloadButton: DownloadButton }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <LoadError message={t(PREVIEW_TEXTS.pdfFailed)} downloadButton={downloadButton} />;
  return (
    <Box
      component="iframe"
      src={url}
      title={title}
      data-testid="preview-pdf"
      w="100%"
      h="100%"
      display="block"
      style={{ border: 0 }}
      onLoad={(e) => {
        if (frameShowsError(e.currentTarget)) setFailed(true);
      }}
    />
  );
}

function frameShowsError(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentDocument?.contentType === 'application/json';
  } catch {
    return false; // not readable (another origin): nothing to tell
  }
}

function Loading() {
  return (
    <Center h="100%">
      <Loader />
    </Center>
  );
}

function LoadError({ message, downloadButton }: { message: string; downloadButton: DownloadButton }) {
  return (
    <Message icon={<IconAlertTriangle size={28} />} color="red" title={t(PREVIEW_TEXTS.errorTitle)} text={message} role="alert">
      {downloadButton(t('Download Instead'))}
    </Message>
  );
}

function Message({ icon, title, text, color = 'gray', role, children }: { icon: ReactNode; title: string; text: string; color?: string; role?: string; children: ReactNode }) {
  return (
    <Center h="100%" p="xl">
      <Stack align="center" gap="sm" maw={420} role={role}>
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}

import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';
import { quotePdfUrl } from '../api';

/**
 * "Download quote (PDF)": the server renders the quote as it is now (decision 0237) and sends it as an attachment,
 * so a plain link with the session cookie is enough. Staff also get a draft, marked DRAFT on the paper.
 */
export function QuotePdfLink({ requestId, draft = false }: { requestId: string; draft?: boolean }) {
  return (
    <Button
      component="a"
      href={quotePdfUrl(requestId)}
      download
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} />}
      title={draft ? t('Not sent yet: the PDF is marked DRAFT') : undefined}
      data-testid="quote-pdf"
    >
      {t('Download quote (PDF)')}
    </Button>
  );
}

import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import {
  MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES, normalizeMessageBody, type SubjectKind,
} from '@domain/messages/rules';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { messageAttachmentsPath, postMessage, uploadAttachments } from './api';
import { FilePicker, UploadProgress } from './FilePicker';
import { failedFilesText } from './thread-view';

type Props = {
  kind: SubjectKind;
  subjectId: string;
  /** Staff may write an internal note. */
  staff: boolean;
  /** After a message is stored (and its files sent): the thread reloads and is marked read. */
  onSent: () => Promise<unknown>;
};

/** The body's own check before sending: the server's rules of messageInputSchema, with its messages. */
function bodyProblem(text: string): string | null {
  if (!text) return MESSAGE_MESSAGES.empty;
  if (text.length > MESSAGE_MAX_LENGTH) return MESSAGE_MESSAGES.tooLong;
  return null;
}

/**
 * Writing in a thread: the text (line breaks kept), files, and for staff "Internal note — staff only". Send stores
 * the message, then uploads each file to it, then the thread reloads. A refusal shows in the red banner and keeps
 * everything typed; a file that could not be attached is named after the message went out. Ctrl+Enter sends too.
 */
export function Composer({ kind, subjectId, staff, onSent }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Each sent message starts a fresh file picker (no problems left over from the files just sent).
  const [sent, setSent] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = bodyProblem(normalizeMessageBody(body));
    setWarning(null);
    if (problem) {
      setError(t(problem));
      textRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const message = await postMessage(kind, subjectId, staff ? { body, internal } : { body });
      setBody('');
      setInternal(false);
      if (files.length > 0) {
        setProgress(0);
        const { failed } = await uploadAttachments(messageAttachmentsPath(message.id), files, (loaded, total) =>
          setProgress(total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 100),
        );
        if (failed.length > 0) {
          setWarning(
            t('{count, plural, one {Your message was sent, but this file could not be attached: {files}} other {Your message was sent, but these files could not be attached: {files}}}', {
              count: failed.length,
              files: failedFilesText(failed),
            }),
          );
        }
      }
      setFiles([]);
      setSent((n) => n + 1);
      await onSent();
      textRef.current?.focus();
    } catch (err) {
      // Only the message itself throws here (uploads report their failures): nothing typed is lost.
      setError(err instanceof Error ? t(err.message) : t('The message could not be sent. Please try again.'));
      textRef.current?.focus();
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  const sendOnCtrlEnter = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const length = normalizeMessageBody(body).length;
  const counterColor = length > MESSAGE_MAX_LENGTH ? 'red' : 'dimmed';
  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(e: FormEvent) => void submit(e)}
      aria-label={t('Write a message')}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid var(--mantine-color-${internal ? 'yellow-4' : 'gray-3'})`,
        background: internal ? 'var(--mantine-color-yellow-0)' : 'var(--mantine-color-gray-0)',
      }}
      data-testid="message-composer"
    >
      <ErrorBanner error={error} />
      {warning && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mb="sm" data-testid="message-attach-warning">
          {warning}
        </Alert>
      )}
      <Stack gap="sm">
        <Textarea
          ref={textRef}
          label={internal ? t('Internal note') : t('Your message')}
          description={internal ? t('Only staff read internal notes.') : undefined}
          placeholder={internal ? t('A note for the team') : t('Write a message')}
          autosize
          minRows={2}
          maxRows={10}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={sendOnCtrlEnter}
          error={error !== null}
          readOnly={busy}
          data-testid="message-input"
        />
        {length > MESSAGE_MAX_LENGTH * 0.9 && (
          <Text fz="xs" c={counterColor} ta="right" aria-live="polite">
            {t('{length} / {max} characters', { length: formatNumber(length), max: formatNumber(MESSAGE_MAX_LENGTH) })}
          </Text>
        )}
        {staff && (
          <Checkbox
            label={t('Internal note — staff only')}
            checked={internal}
            onChange={(e) => setInternal(e.currentTarget.checked)}
            disabled={busy}
            data-testid="message-internal"
          />
        )}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 200px', minWidth: 0 }}>
            <FilePicker key={sent} files={files} onChange={setFiles} max={MESSAGE_ATTACHMENTS_MAX} tooMany={MESSAGE_MESSAGES.tooManyAttachments} label={t('Attach files')} disabled={busy} />
          </Box>
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} />} ml="auto" data-testid="message-send">
            {t('Send')}
          </Button>
        </Group>
        <UploadProgress value={progress} label={t('Attaching files')} />
      </Stack>
    </Box>
  );
}

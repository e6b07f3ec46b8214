import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUOTE_DECLINE_REASON_LABELS, QUOTE_DECLINE_REASONS, quoteDeclineInputSchema, REQUEST_MESSAGES, revisionInputSchema, type QuoteDeclineReason, type RequestDetail } from '@domain/requests/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { afterRequestChange, askForRevision, declineQuote } from '../api';

type Props = { request: RequestDetail; opened: boolean; onClose: () => void };

/** The field's problem: the server's schema run here first, then what the server said. */
function problemOf(issues: { path: PropertyKey[]; message: string }[] | undefined, field: string, error: unknown): string | null {
  const local = issues?.find((i) => i.path[0] === field)?.message;
  if (local) return t(local);
  if (error instanceof ApiError) return t(error.fields?.[field] ?? error.message);
  return error ? t('Your answer could not be sent. Please try again.') : null;
}

/** The customer declines the quote: why (too expensive, transit too long, other with a note); the handler is told. */
export function DeclineQuoteDialog({ request: r, opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<QuoteDeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const body = { reason, note: note.trim() || undefined };
  const parsed = quoteDeclineInputSchema.safeParse(body);
  const decline = useMutation({
    mutationFn: () => declineQuote(r.id, { reason: reason!, note: body.note }),
    onSuccess: async (view) => {
      notifications.show({ color: 'gray', title: t('Quote declined'), message: t('Thank you: {number} is closed and your handler knows why.', { number: r.number }) });
      onClose();
      await afterRequestChange(queryClient, r.id, view);
    },
  });
  const issues = tried && !parsed.success ? parsed.error.issues : undefined;
  return (
    <Modal opened={opened} onClose={() => !decline.isPending && onClose()} title={<Text fw={700}>{t('Decline the quote for {number}', { number: r.number })}</Text>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (parsed.success) decline.mutate();
        }}
      >
        <Stack>
          <Radio.Group label={t('Why do you decline it?')} withAsterisk value={reason} onChange={(v) => setReason(v)} error={problemOf(issues, 'reason', null)}>
            <Stack gap={4} mt={6}>
              {QUOTE_DECLINE_REASONS.map((value) => (
                <Radio key={value} value={value} label={t(QUOTE_DECLINE_REASON_LABELS[value])} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={reason === 'other' ? t('Tell us why') : t('Anything to add (optional)')}
            withAsterisk={reason === 'other'}
            autosize
            minRows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              decline.reset();
            }}
            error={problemOf(issues, 'note', decline.error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={decline.isPending}>
              {t('Keep it')}
            </Button>
            <Button type="submit" color="red" loading={decline.isPending} data-testid="confirm-decline-quote">
              {t('Decline quote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The customer asks for a revised quote with a note: the request goes back to the handler, the history keeps this one. */
export function RevisionDialog({ request: r, opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = revisionInputSchema.safeParse({ note });
  const revise = useMutation({
    mutationFn: () => askForRevision(r.id, note.trim()),
    onSuccess: async (view) => {
      notifications.show({ color: 'blue', title: t('Revision asked for'), message: t('Your handler revises the quote for {number}; we tell you when it is ready.', { number: r.number }) });
      onClose();
      await afterRequestChange(queryClient, r.id, view);
    },
  });
  const issues = tried && !parsed.success ? parsed.error.issues : undefined;
  return (
    <Modal opened={opened} onClose={() => !revise.isPending && onClose()} title={<Text fw={700}>{t('Ask for a revised quote for {number}', { number: r.number })}</Text>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (parsed.success) revise.mutate();
        }}
      >
        <Stack>
          <Textarea
            label={t('What should change?')}
            description={t('For example the price, the transit time, the routing or the equipment.')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              revise.reset();
            }}
            error={problemOf(issues, 'note', revise.error) ?? (tried && !note.trim() ? t(REQUEST_MESSAGES.revisionNote) : null)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={revise.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={revise.isPending} data-testid="confirm-revision">
              {t('Ask for a revision')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

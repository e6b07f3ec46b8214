import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCopy, IconMessage2Question, IconThumbDown, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CustomerQuote, StaffQuote } from '@domain/requests/quote-schema';
import type { RequestDetail } from '@domain/requests/schema';
import { formatDay, formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { acceptQuote, afterRequestChange, cancelRequest } from '../api';
import { DeclineQuoteDialog, RevisionDialog } from './QuoteAnswerDialogs';

const errorText = (e: unknown) => (e instanceof Error ? t(e.message) : null);

/**
 * The customer's answers: accept a sent quote (it books the shipment), decline it with a reason, ask for a revision
 * with a note (issue 45), or cancel the request before accepting (an expired one too); each asks first. A refusal (an
 * expired quote, one accepted already) shows in the dialog.
 */
export function CustomerActions({ request: r, quote }: { request: RequestDetail; quote: CustomerQuote | StaffQuote | null }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'accept' | 'cancel' | 'decline' | 'revise' | null>(null);
  const accept = useMutation({
    mutationFn: () => acceptQuote(r.id),
    onSuccess: async (booked) => {
      notifications.show({ color: 'teal', title: t('Quote accepted'), message: t('Shipment {reference} was booked and waits for approval.', { reference: booked.reference_number }) });
      setAsking(null);
      await afterRequestChange(queryClient, r.id, undefined, true);
    },
    onError: () => afterRequestChange(queryClient, r.id),
  });
  const cancel = useMutation({
    mutationFn: () => cancelRequest(r.id),
    onSuccess: async (view) => {
      notifications.show({ color: 'gray', title: t('Request cancelled'), message: t('{number} was cancelled.', { number: r.number }) });
      setAsking(null);
      await afterRequestChange(queryClient, r.id, view);
    },
  });
  const canAccept = r.status === 'quoted' && quote !== null;
  // A sent quote, in time or expired, can be declined or revised (the server holds the same rule).
  const canAnswer = (r.status === 'quoted' || r.status === 'expired') && quote !== null;
  // Decision 0233: open until accepted, an expired quote too.
  const canCancel = r.status === 'submitted' || r.status === 'quoted' || r.status === 'expired';
  // Issue 45: a closed request, or one whose quote ran out, starts a new one as a copy to change.
  const canAgain = r.status === 'expired' || r.status === 'declined' || r.status === 'cancelled';
  if (!canAccept && !canCancel && !canAnswer && !canAgain) return null;
  const totals = quote?.totals.map((total) => formatMoney(total.total, total.currency)).join(' + ');
  const close = () => {
    accept.reset();
    cancel.reset();
    setAsking(null);
  };
  return (
    <>
      {canAccept && (
        <Button color="teal" leftSection={<IconCircleCheck size={16} />} onClick={() => setAsking('accept')}>
          {t('Accept quote')}
        </Button>
      )}
      {canAgain && (
        <Button renderRoot={(props) => <Link {...props} to="/requests/$id/again" params={{ id: r.id }} />} variant="light" leftSection={<IconCopy size={16} />} data-testid="request-again">
          {t('Request again')}
        </Button>
      )}
      {canAnswer && (
        <Button variant="default" leftSection={<IconMessage2Question size={16} />} onClick={() => setAsking('revise')} data-testid="ask-revision">
          {t('Ask for a revision')}
        </Button>
      )}
      {canAnswer && (
        <Button variant="default" leftSection={<IconThumbDown size={16} />} onClick={() => setAsking('decline')} data-testid="decline-quote">
          {t('Decline quote')}
        </Button>
      )}
      {canCancel && (
        <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setAsking('cancel')}>
          {t('Cancel request')}
        </Button>
      )}
      <ConfirmDialog
        opened={asking === 'accept'}
        title={t('Accept this quote?')}
        message={t('You accept {totals} for {number}, valid until {date}. We book the shipment and it waits for our approval.', {
          totals,
          number: r.number,
          date: formatDay(quote?.valid_until),
        })}
        confirmLabel={t('Accept quote')}
        busyLabel={t('Booking...')}
        confirmColor="teal"
        busy={accept.isPending}
        error={errorText(accept.error)}
        onConfirm={() => accept.mutate()}
        onClose={close}
      />
      <ConfirmDialog
        opened={asking === 'cancel'}
        title={t('Cancel this request?')}
        message={t('{number} will be cancelled and we stop working on it. This cannot be undone.', { number: r.number })}
        confirmLabel={t('Cancel request')}
        busyLabel={t('Cancelling...')}
        cancelLabel={t('Keep it')}
        busy={cancel.isPending}
        error={errorText(cancel.error)}
        onConfirm={() => cancel.mutate()}
        onClose={close}
      />
      {asking === 'decline' && <DeclineQuoteDialog request={r} opened onClose={close} />}
      {asking === 'revise' && <RevisionDialog request={r} opened onClose={close} />}
    </>
  );
}

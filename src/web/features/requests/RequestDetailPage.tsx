import { useState, type ReactElement } from 'react';
import { Button, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Me } from '@domain/auth/rules';
import { msg } from '@domain/common/i18n';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { LoadProblem } from '@web/ui/LoadProblem';
import { BackLink } from '@web/ui/BackLink';
import { isStaffQuote, requestQuery, type RequestView } from './api';
import { ThreadPanel } from '@web/features/messages';
import { CustomerActions } from './detail/CustomerActions';
import { QuotePdfLink } from './detail/QuotePdfLink';
import { QuoteView } from './detail/QuoteView';
import { IndicativePrice } from './detail/IndicativePrice';
import { RequestAttachments } from './detail/RequestAttachments';
import { RequestFacts } from './detail/RequestFacts';
import { RequestHeader, RequestOutcome } from './detail/RequestHeader';
import { RequestHistory } from './detail/RequestHistory';
import { DeclineDialog } from './quote/DeclineDialog';
import { QuoteEditor } from './quote/QuoteEditor';
import { RequestHandlerCard } from './quote/RequestHandlerCard';
import { isCustomer } from '@domain/access/permissions';

const TEXTS = { notFound: REQUEST_MESSAGES.notFound, notFoundText: msg('The request does not exist, or it belongs to another company.'), loadError: msg('Error loading the request') };

/** The customer's page: the quote to accept first, then the request as sent with its files; the conversation and the history beside. */
function CustomerView({ view }: { view: RequestView }) {
  const { request: r, quote } = view;
  return (
    <Stack gap="lg">
      <RequestHeader request={r} staff={false} actions={<CustomerActions request={r} quote={quote} />} />
      <RequestOutcome request={r} staff={false} />
      {r.status === 'submitted' && (
        <Text fz="sm" c="dimmed" data-testid="request-waiting">
          {t('We are preparing your quote. You will get a mail when it is ready.')}
        </Text>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {quote && <QuoteView quote={quote} title={r.status === 'quoted' ? t('Your quote') : t('Quote')} actions={<QuotePdfLink requestId={r.id} />} />}
            {r.status === 'submitted' && <IndicativePrice requestId={r.id} />}
            <RequestFacts request={r} />
            <RequestAttachments request={r} staff={false} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <ThreadPanel kind="request" subjectId={r.id} staff={false} />
            <RequestHistory events={r.events} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const EDITABLE = new Set(['submitted', 'quoted', 'expired']);

/** Staff's page: the handler, the quote editor while the request is open (the quote as sent once it is closed), decline. */
function StaffView({ view, user }: { view: RequestView; user: Me }) {
  const { request: r, quote } = view;
  const [declining, setDeclining] = useState(false);
  const staffQuote = quote && isStaffQuote(quote) ? quote : null;
  const open = EDITABLE.has(r.status);
  const editorKey = staffQuote?.updated_at ?? 'new';
  return (
    <Stack gap="lg">
      <RequestHeader
        request={r}
        staff
        actions={
          open && (
            <Button variant="default" color="red" leftSection={<IconBan size={16} />} onClick={() => setDeclining(true)}>
              {t('Decline')}
            </Button>
          )
        }
      />
      <RequestOutcome request={r} staff />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {open ? (
              <QuoteEditor key={editorKey} request={r} quote={staffQuote} codes={view.charge_codes ?? []} />
            ) : (
              quote && <QuoteView quote={quote} actions={<QuotePdfLink requestId={r.id} draft={quote.sent_at === null} />} />
            )}
            <RequestFacts request={r} />
            <RequestAttachments request={r} staff />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <RequestHandlerCard request={r} user={user} />
            <ThreadPanel kind="request" subjectId={r.id} staff />
            <RequestHistory events={r.events} />
          </Stack>
        </Grid.Col>
      </Grid>
      {declining && <DeclineDialog request={r} opened onClose={() => setDeclining(false)} />}
    </Stack>
  );
}

/** /requests/{id}: one address for both roles; the server answers each its own view of the request and its quote. */
export function RequestDetailPage(): ReactElement {
  const { id } = useParams({ from: '/app/requests/$id' });
  const user = useUser();
  const query = useQuery(requestQuery(id));
  if (query.error) return <LoadProblem error={query.error} backTo="/requests" backLabel={t('Back to Requests')} onRetry={() => void query.refetch()} texts={{ notFound: t(TEXTS.notFound), notFoundText: t(TEXTS.notFoundText), loadError: t(TEXTS.loadError) }} />;
  if (!query.data) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <BackLink to="/requests" label={t('Back to Requests')} />
      {isCustomer(user.role) ? <CustomerView view={query.data} /> : <StaffView view={query.data} user={user} />}
    </Stack>
  );
}

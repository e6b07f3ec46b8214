import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Box, Button, Center, Divider, Loader, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_ANCHOR, firstUnreadIndex, type SubjectKind } from '@domain/messages/rules';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { Section } from '@web/ui/DetailParts';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { afterThreadChange, markThreadRead, threadQuery } from './api';
import { messageKeys } from './message-keys';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { threadMessages } from './thread-view';

const LIST_STYLE: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 4,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-sm)',
  maxHeight: 'min(70vh, 640px)',
  overflowY: 'auto',
  position: 'relative',
};

export type ThreadPanelProps = {
  kind: SubjectKind;
  /** The shipment's or the request's id. */
  subjectId: string;
  /** The reader is staff: the internal-note checkbox shows (the server sends internal notes to staff only). */
  staff: boolean;
};

const EMPTY_TEXT: Record<SubjectKind, { staff: string; customer: string }> = {
  shipment: { staff: msg('Write to the customer about this shipment, or leave an internal note for the team.'), customer: msg('Questions about this shipment? Write to us here.') },
  request: { staff: msg('Write to the customer about this request, or leave an internal note for the team.'), customer: msg('Questions about this request? Write to us here.') },
};

/**
 * The conversation on a shipment or a request (issue 15): the messages oldest first with the newest at the bottom,
 * a "New" divider before the first one the reader has not read, "Show older messages" while there are more, and the
 * composer. Once shown, the thread is marked read and the sidebar's count follows. The divider stays where it was
 * when the thread opened, until the reader writes; a message that comes in meanwhile gets one too.
 */
export function ThreadPanel({ kind, subjectId, staff }: ThreadPanelProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery({ ...threadQuery(kind, subjectId), refetchInterval: 60_000 });
  const messages = useMemo(() => threadMessages(thread.data?.pages ?? []), [thread.data]);
  const serverReadAt = thread.data?.pages[0]?.read_at ?? null;

  // What the reader had read when the thread was shown: the divider's place, kept while the server's read_at moves on.
  const [since, setSince] = useState<{ at: string | null } | null>(null);
  if (thread.data && since === null) setSince({ at: serverReadAt });
  const dividerAt = since ? firstUnreadIndex(messages, since.at) : -1;

  // Mark read once the thread is on screen with something new in it (again when a newer message comes in).
  const lastId = messages.at(-1)?.id;
  const hasUnread = firstUnreadIndex(messages, serverReadAt) >= 0;
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!lastId || !hasUnread || markedUpTo.current === lastId) return;
    markedUpTo.current = lastId;
    markThreadRead(kind, subjectId)
      .then(() => afterThreadChange(queryClient))
      .catch(() => {
        markedUpTo.current = null; // tried again with the next answer
      });
  }, [lastId, hasUnread, kind, subjectId, queryClient]);

  // The list scrolls on its own: to the divider (or the newest message) when shown; to the bottom when one is added
  // while the reader is at the bottom (or has just written); it stays put when older messages are put above.
  const listRef = useRef<HTMLOListElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const shownLast = useRef<string | undefined>(undefined);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (heightBeforeOlder.current !== null) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (lastId === shownLast.current) return;
    const first = shownLast.current === undefined;
    shownLast.current = lastId;
    const divider = list.querySelector<HTMLElement>('[data-new-divider]');
    if (first && divider) list.scrollTop = divider.offsetTop - 8;
    else if (first || atBottom.current) list.scrollTop = list.scrollHeight;
  }, [lastId, messages.length]);
  const trackBottom = () => {
    const list = listRef.current;
    if (list) atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  };

  // A mail's link ends in #messages (issue 37): once the thread is shown, the page scrolls to it. The part of a
  // customer's page that holds it renders after the first screen, so the browser's own jump to the fragment finds
  // nothing; this one runs when the element exists. Once per page view.
  const jumped = useRef(false);
  const shown = !thread.isPending;
  useEffect(() => {
    if (!shown || jumped.current || window.location.hash !== `#${CONVERSATION_ANCHOR}`) return;
    // After this frame's layout (the sections above it have their height by then).
    const frame = requestAnimationFrame(() => {
      jumped.current = true;
      document.getElementById(CONVERSATION_ANCHOR)?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown]);

  const showOlder = () => {
    heightBeforeOlder.current = listRef.current?.scrollHeight ?? null;
    void thread.fetchNextPage();
  };

  const afterSend = async () => {
    atBottom.current = true; // one's own message is shown
    await markThreadRead(kind, subjectId).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: messageKeys.thread(kind, subjectId) });
    setSince(null); // written: what was new is read now
    await afterThreadChange(queryClient);
  };

  return (
    <Section title={t('Messages')} headingId={headingId} id={CONVERSATION_ANCHOR} icon={<IconMessages size={18} />}>
      <Stack gap="sm" data-testid="thread-panel">
        <ErrorBanner error={thread.error} />
        {thread.error && !thread.data && (
          <Button variant="light" size="xs" w="fit-content" onClick={() => void thread.refetch()}>
            {t('Try again')}
          </Button>
        )}
        {thread.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : (
          messages.length === 0 &&
          !thread.error && <EmptyState title={t('No messages yet')} text={t(EMPTY_TEXT[kind][staff ? 'staff' : 'customer'])} icon={<IconMessages size={26} />} />
        )}
        {thread.hasNextPage && (
          <Button variant="subtle" size="xs" w="fit-content" mx="auto" loading={thread.isFetchingNextPage} onClick={showOlder}>
            {t('Show older messages')}
          </Button>
        )}
        {messages.length > 0 && (
          // A list that scrolls (keyboard too): a long thread stays one card high on the page.
          <ol ref={listRef} onScroll={trackBottom} tabIndex={0} aria-label={t('Messages, oldest first')} style={LIST_STYLE} data-testid="thread-messages">
            {messages.map((m, i) => (
              <Box component="li" key={m.id}>
                {i === dividerAt && (
                  <Divider
                    label={t('New')}
                    labelPosition="center"
                    color="red.6"
                    mb="sm"
                    styles={{ label: { color: 'var(--mantine-color-red-text)', fontWeight: 700 } }}
                    data-new-divider
                    data-testid="thread-new-divider"
                  />
                )}
                <MessageItem message={m} />
              </Box>
            ))}
          </ol>
        )}
        {!thread.isPending && <Composer kind={kind} subjectId={subjectId} staff={staff} onSent={afterSend} />}
      </Stack>
    </Section>
  );
}

import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Message } from '@domain/messages/schema';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { AttachmentList } from './AttachmentList';
import { roleHint } from './thread-view';

/** The look of a message: an internal note tinted yellow, one's own light blue, the others' plain. */
function colours(m: Message): { bg: string; border: string } {
  if (m.internal) return { bg: 'var(--mantine-color-yellow-0)', border: 'var(--mantine-color-yellow-4)' };
  if (m.mine) return { bg: 'var(--mantine-color-blue-0)', border: 'var(--mantine-color-blue-2)' };
  return { bg: 'var(--mantine-color-white)', border: 'var(--mantine-color-gray-3)' };
}

/**
 * One message: author, role, time; the text as written (line breaks kept, long words wrapped); its files. One's own
 * messages sit a little to the right, the others' to the left, so a conversation reads at a glance, on a phone too.
 */
export function MessageItem({ message: m }: { message: Message }) {
  const { bg, border } = colours(m);
  const [ml, mr] = m.mine ? ['lg', 0] : [0, 'lg'];
  const roleColor = m.author_is_staff ? 'blue' : 'teal';
  return (
    <Box
      component="article"
      aria-label={m.internal ? t('Internal note from {name}', { name: m.author_name }) : t('Message from {name}', { name: m.author_name })}
      p="sm"
      ml={ml}
      mr={mr}
      style={{ background: bg, border: `1px solid ${border}`, borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="message"
      data-internal={m.internal || undefined}
      data-mine={m.mine || undefined}
    >
      <Stack gap={6}>
        {m.internal && (
          // A light badge: the theme keeps its text readable on the tint (theme.ts).
          <Badge size="sm" variant="light" color="yellow" leftSection={<IconLock size={12} aria-hidden />} w="fit-content" data-testid="internal-label">
            {t('Internal note')}
          </Badge>
        )}
        <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
          <Text fz="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {m.mine ? t('{name} (you)', { name: m.author_name }) : m.author_name}
          </Text>
          <Badge size="xs" variant="light" color={roleColor}>
            {t(roleHint(m))}
          </Badge>
          <Text component="time" dateTime={m.created_at} fz="xs" c="dimmed">
            {formatDateTime(m.created_at)}
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body" data-user-text>
          {m.body}
        </Text>
        <AttachmentList attachments={m.attachments} label={t('Files of the message from {name}', { name: m.author_name })} />
      </Stack>
    </Box>
  );
}

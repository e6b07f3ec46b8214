import { Anchor, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone, IconWorld } from '@tabler/icons-react';
import { websiteHref } from '@domain/common/list';

const linkStyle = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;

/** A website as people read it: without the scheme and a trailing slash. */
const displayWebsite = (w: string) => w.trim().replace(/^https?:\/\//i, '').replace(/\/$/, '');

/**
 * The Contact column of the partner lists (carriers, service providers, consolidation agents): mail, phone and
 * website links. Websites without http(s) get https:// and open in a new tab; '-' when there is nothing.
 */
export function ContactLinks({ email, phone, website }: { email: string | null; phone: string | null; website: string | null }) {
  if (!email && !phone && !website) return <Text c="dimmed">-</Text>;
  return (
    <Stack gap={2} align="flex-start">
      {email && (
        <Anchor href={`mailto:${email}`} fz="sm" style={linkStyle}>
          <IconMail size={14} style={{ flexShrink: 0 }} aria-hidden />
          {email}
        </Anchor>
      )}
      {phone && (
        <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} fz="sm" style={linkStyle}>
          <IconPhone size={14} style={{ flexShrink: 0 }} aria-hidden />
          {phone}
        </Anchor>
      )}
      {website && (
        <Anchor href={websiteHref(website)} target="_blank" rel="noopener noreferrer" fz="sm" style={linkStyle}>
          <IconWorld size={14} style={{ flexShrink: 0 }} aria-hidden />
          {displayWebsite(website)}
        </Anchor>
      )}
    </Stack>
  );
}

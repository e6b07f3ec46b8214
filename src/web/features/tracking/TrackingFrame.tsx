import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconMapPinOff, IconWorld } from '@tabler/icons-react';
import { embedUrlForContainer, trackerSandbox } from '@domain/shipments/tracking';
import { Section } from '@web/ui/DetailParts';
import { t } from '@web/lib/i18n';

/** Where the staff note's two codes go in its translation (each value is a marker the sentence is split at). */
const MARK = '\u0000';

/** The staff note: the sentence in the reader's language with its two codes set as code. */
function SetupNote() {
  const codes = ['TRACKING_EMBED_URL', '{container}'];
  const parts = t(
    "An administrator can enable the map by setting {variable} on the server to the tracking provider's embed address with a {placeholder} placeholder, then restarting it.",
    { variable: `${MARK}0${MARK}`, placeholder: `${MARK}1${MARK}` },
  ).split(MARK);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{codes[Number(part)]}</code> : part))}</>;
}

function NotConfigured({ staff, height }: { staff: boolean; height: number }) {
  return (
    <Stack align="center" justify="center" gap="xs" mih={Math.min(height, 260)} p="lg" bg="gray.0" style={{ borderRadius: 8, border: '1px dashed var(--mantine-color-gray-4)' }} data-testid="tracking-not-configured">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconMapPinOff size={26} />
      </ThemeIcon>
      <Text fw={600}>{t('Live tracking is not configured')}</Text>
      <Text fz="sm" c="dimmed" ta="center" maw={520}>
        {staff ? (
          <SetupNote />
        ) : (
          t('The live map is not available yet. Your freight forwarder can switch it on; until then, ask your contact for the latest position.')
        )}
      </Text>
    </Stack>
  );
}

/**
 * The live tracking map: the tracker frame for the shipment's container code (BL Number), following
 * `{ type: 'load-container', container }` messages from the tracker's own origin and frame only.
 * Give it a `key` of the embed address and code, so a new shipment starts from its own code.
 */
export function TrackingFrame({
  title, embedUrl, code, height, staff,
}: {
  title: string;
  embedUrl: string | null;
  code: string;
  height: number;
  staff: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [current, setCurrent] = useState(code);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!embedUrl) return;
    // The message's schema loads with a configured tracker only, not with every shipment page (decision 0283).
    const schema = import('@domain/shipments/tracking-schema');
    const onMessage = async (event: MessageEvent) => {
      // Our own frame only, and only its origin (checked in the pure filter).
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const next = (await schema).containerRequestFrom(event, embedUrl);
      if (!next || !embedUrlForContainer(embedUrl, code, next)) return;
      setCurrent(next);
      setLoads((n) => n + 1);
    };
    const listener = (event: MessageEvent) => void onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [embedUrl, code]);

  const src = embedUrl ? (current === code ? embedUrl : embedUrlForContainer(embedUrl, code, current)) : null;
  return (
    <Section
      title={title}
      icon={<IconWorld size={18} />}
      actions={
        <Group gap="sm">
          <Badge variant="light" color="cyan" radius="sm" tt="none" size="lg" data-testid="tracking-container">
            {t('Container: {code}', { code: current })}
          </Badge>
          {src && (
            <Anchor href={src} target="_blank" rel="noopener noreferrer" fz="sm">
              <Group gap={4}>
                {t('Open tracker')}
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
          )}
        </Group>
      }
    >
      {src ? (
        <Box style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}>
          <iframe
            key={`${src}#${loads}`}
            ref={frame}
            src={src}
            title={t('{title} map for container {code}', { title, code: current })}
            height={height}
            width="100%"
            style={{ display: 'block', border: 0, height }}
            sandbox={trackerSandbox(src, window.location.origin)}
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            data-testid="tracking-frame"
          />
        </Box>
      ) : (
        <NotConfigured staff={staff} height={height} />
      )}
    </Section>
  );
}

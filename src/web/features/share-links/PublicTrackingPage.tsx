import type { ReactElement } from 'react';
import { LanguageSwitch } from '@web/ui/LanguageSwitch';
import { Anchor, Badge, Box, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconLinkOff, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { formatFileSize } from '@domain/documents/rules';
import { SHARE_LINK_MESSAGES } from '@domain/share-links/rules';
import type { PublicTracking } from '@domain/share-links/schema';
import { statusLabel } from '@domain/shipments/status';
import { placeLabel, shipmentTypeBadge } from '@domain/shipments/index';
import { pickupDeliveryLabel } from '@domain/shipments/labels';
import { msg } from '@domain/common/i18n';
import { TRACKING_FRAME_HEIGHT } from '@domain/shipments/tracking';
import { api, ApiError } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { BrandLogo } from '@web/ui/BrandLogo';
import { StatusBadge } from '@web/ui/ShipmentBadges';
import { FileTypeIcon } from '@web/features/documents';
import { TrackingFrame } from '@web/features/tracking';
import { CLASSIFIER, eventPlace, eventVessel } from '@web/features/carrier-events';
import { carrierEventTitle } from '@domain/carrier-events/titles';

/** The product's name, the same in every language. */
const BRAND = 'Cargodesk';

/** Where Cargodesk's link goes in the translated sentence around it. */
const LINK_SLOT = '\u0000';

const placeLine = (p: PublicTracking['origin']) => {
  const where = placeLabel(p.city, p.country, reader());
  const code = p.airport ?? p.port;
  return code && code !== p.city ? `${where} (${code})` : where;
};

function Page({ children }: { children: ReactElement }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <meta name="robots" content="noindex, nofollow" />
      <title>{`${t('Shipment tracking')} · Cargodesk`}</title>
      <Container component="main" size="sm" px="md" py="lg">
        <Stack gap="lg">
          <Group justify="space-between">
            <BrandLogo size="sm" />
            <Text fz="xs" c="dimmed">
              {t('Shipment tracking')}
            </Text>
          </Group>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function Dates({ tracking }: { tracking: PublicTracking }) {
  // A pickup or delivery still ahead is labelled planned, not told as done (issue 45).
  const now = new Date();
  const dated = (kind: 'pickup' | 'delivery', value: string | null, done: string): [string, string | null] => [
    t(pickupDeliveryLabel(kind, value, now)?.label ?? done),
    value,
  ];
  const cells: [string, string | null][] = [
    [t('Estimated departure'), tracking.estimated_departure],
    [t('Estimated arrival'), tracking.estimated_arrival],
    dated('pickup', tracking.pickup_date, msg('Picked up')),
    dated('delivery', tracking.delivery_date, msg('Delivered')),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {cells.map(([label, value]) => (
        <Stack key={label} gap={2}>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz="sm">{value ? formatDate(value) : t('Not yet')}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * The final documents the link's creator chose to share. Each is a plain link to a same-origin address that answers the
 * file as an attachment, without signing in. On a phone a long name wraps anywhere and the button keeps its size.
 */
function Documents({ documents }: { documents: PublicTracking['documents'] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="public-documents-heading">
      <Title order={2} fz="lg" mb="sm" id="public-documents-heading">
        {t('Documents')}
      </Title>
      <Stack gap="sm">
        {documents.map((doc) => (
          <Group key={doc.url} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
              <FileTypeIcon name={doc.original_name} size="md" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {doc.original_name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatFileSize(doc.size, reader())}
                </Text>
              </Stack>
            </Group>
            <Button
              component="a"
              href={doc.url}
              download
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              style={{ flexShrink: 0 }}
              aria-label={t('Download {name}', { name: doc.original_name })}
              data-testid="public-document"
            >
              {t('Download')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The carrier's events (issue 45), as the customer's own page shows them: what happened (or is expected) where, on
 * which vessel and voyage; each labelled actual, estimated or planned, so a plan never reads as a fact.
 */
function CarrierEvents({ events }: { events: PublicTracking['carrier_events'] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="public-carrier-events">
      <Title order={2} fz="lg" mb="md" id="public-carrier-events">
        {t('Carrier events')}
      </Title>
      <Stack gap="sm">
        {events.map((e, i) => (
          <Stack key={`${e.code ?? e.kind}-${e.occurred_at ?? ''}-${i}`} gap={2} data-testid="public-carrier-event">
            <Group gap={6}>
              <Text fz="sm" fw={600}>
                {carrierEventTitle(e, reader())}
              </Text>
              {e.classifier && (
                <Badge size="xs" variant="light" color={CLASSIFIER[e.classifier].color}>
                  {t(CLASSIFIER[e.classifier].label)}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {[e.occurred_at && formatDateTime(e.occurred_at), eventPlace(e), eventVessel(e)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /t/{token}: the read-only tracking page a share link opens, for anyone holding it and without signing in (issue 17).
 * It shows what the server's public view holds and nothing else; an unknown, expired or revoked link gets one neutral page.
 */
export function PublicTrackingPage(): ReactElement {
  const { token } = useParams({ from: '/t/$token' });
  const query = useQuery({
    queryKey: ['public-tracking', token],
    // No abort signal: each answer counts a view, so a request must never be cancelled by a remount and sent again
    // (React Query cancels a query whose signal was read when its last observer unmounts mid-flight).
    queryFn: () => api<PublicTracking>(`/track/${encodeURIComponent(token)}`),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500 && error.status !== 0),
  });

  if (query.error) {
    const limited = query.error instanceof ApiError && query.error.status === 429;
    return (
      <Page>
        <Paper withBorder radius="md" p="xl" data-testid="tracking-unavailable">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconLinkOff size={26} />
            </ThemeIcon>
            <Title order={1} fz="h3">
              {limited ? t('Please wait a moment') : t('Link not available')}
            </Title>
            <Text c="dimmed">{limited ? t(query.error.message) : t(SHARE_LINK_MESSAGES.unavailable)}</Text>
          </Stack>
        </Paper>
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page>
        <Center py={80}>
          <Loader size="sm" />
        </Center>
      </Page>
    );
  }
  const tracking = query.data;
  const milestones = [...tracking.milestones].reverse();
  const [sharedBefore, sharedAfter] = t('Last updated {updated} · This link is valid until {expires}. Shared through {brand}.', {
    updated: formatDateTime(tracking.updated_at),
    expires: formatDate(tracking.expires_at),
    brand: LINK_SLOT,
  }).split(LINK_SLOT);
  return (
    <Page>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={4}>
                <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
                  {t('Shipment')}
                </Text>
                <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                  {tracking.reference_number}
                </Title>
              </Stack>
              <Group gap="xs">
                <Badge variant="outline" color="gray" radius="sm" tt="none">
                  {t(shipmentTypeBadge(tracking))}
                </Badge>
                <StatusBadge status={tracking.status} />
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="md" radius="md">
                <IconMapPin size={16} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={600} data-testid="tracking-route">
                  {placeLine(tracking.origin)} → {placeLine(tracking.destination)}
                </Text>
              </Stack>
            </Group>
            <Dates tracking={tracking} />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-label={t('Status milestones')}>
          <Title order={2} fz="lg" mb="md">
            {t('Status milestones')}
          </Title>
          {milestones.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('No milestones yet')}
            </Text>
          ) : (
            <Timeline bulletSize={24} lineWidth={2} active={0} aria-label={t('Status milestones')}>
              {milestones.map((m, i) => (
                <Timeline.Item key={`${m.at}-${i}`} bullet={<IconCircleCheck size={14} />} title={m.first ? t('Shipment created') : t(statusLabel(m.status))} data-testid="milestone">
                  {m.first && (
                    <Text fz="sm" c="dimmed">
                      {t('Status: {status}', { status: t(statusLabel(m.status)) })}
                    </Text>
                  )}
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(m.at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Paper>

        {tracking.carrier_events.length > 0 && <CarrierEvents events={tracking.carrier_events} />}

        {tracking.containers.length > 0 && (
          <Paper withBorder radius="md" p="lg" component="section" aria-label={t('Containers')}>
            <Title order={2} fz="lg" mb="sm">
              {t('Containers')}
            </Title>
            <Stack gap={6}>
              {tracking.containers.map((c, i) => (
                <Group key={`${c.number ?? ''}-${i}`} justify="space-between">
                  <Text ff="monospace" fz="sm">
                    {c.number ?? t('Number not yet known')}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {c.type}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        )}

        {tracking.documents.length > 0 && <Documents documents={tracking.documents} />}

        {tracking.tracking_embed_url && tracking.tracking_code && (
          <TrackingFrame title={t('Live tracking')} embedUrl={tracking.tracking_embed_url} code={tracking.tracking_code} height={TRACKING_FRAME_HEIGHT.customer} staff={false} />
        )}

        <Text fz="xs" c="dimmed" ta="center">
          {sharedBefore}
          <Anchor href="/" fz="xs" underline="always">
            {BRAND}
          </Anchor>
          {sharedAfter}
        </Text>
        <LanguageSwitch />
      </Stack>
    </Page>
  );
}

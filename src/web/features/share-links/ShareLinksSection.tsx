import { useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconLink, IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RevokeDialog, SECRET_STATES, ShownOnce, ShownOnceDialog, ShownOnceFormActions } from '@web/ui/ShownOnce';
import {
  SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, shareLinkInputSchema, type CreatedShareLink, type ShareLink, type ShareLinkInput,
} from '@domain/share-links/schema';
import { api, ApiError } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { Section } from '@web/ui/DetailParts';
import { shareLinksKey as key, shareLinksPath as base, shareLinksQuery } from './api';

/** The server names a document error `document_names` or `document_names.N` (one of the names). */
const documentsFieldError = (fields: Record<string, string> | undefined) =>
  fields ? Object.entries(fields).find(([k]) => k === 'document_names' || k.startsWith('document_names.'))?.[1] : undefined;

/**
 * Tracking links on a shipment's page (staff and customers, issue 17): create one with an expiry and, optionally, final
 * documents of the shipment to share; copy it once, see each link's views and shared documents, revoke it. The token is
 * shown only when the link is made; the list shows its last characters.
 */
export function ShareLinksSection({ shipmentId, reference }: { shipmentId: string; reference: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(shareLinksQuery(shipmentId));
  const rows = links.data?.rows ?? [];
  const shareable = links.data?.shareable ?? [];
  const [creating, setCreating] = useState(false);
  const [days, setDays] = useState<number | string>(SHARE_LINK_DEFAULT_DAYS);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [documentNames, setDocumentNames] = useState<string[]>([]);
  const [documentsError, setDocumentsError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (input: Required<ShareLinkInput>) => api<CreatedShareLink>(base(shipmentId), { body: input }),
    onSuccess: async (link) => {
      setCreated(link);
      await queryClient.invalidateQueries({ queryKey: key(shipmentId) });
    },
    // A ticked document may have stopped being final meanwhile: fetch what can be shared now.
    onError: async (error) => {
      if (error instanceof ApiError && documentsFieldError(error.fields)) await queryClient.invalidateQueries({ queryKey: key(shipmentId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (link: ShareLink) => api<ShareLink>(`${base(shipmentId)}/${link.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: key(shipmentId) });
    },
  });
  const close = () => {
    if (create.isPending) return;
    setCreating(false);
    setCreated(null);
    setDaysError(null);
    setDocumentNames([]);
    setDocumentsError(null);
    create.reset();
  };
  // The same rule as the server's (domain/share-links): a wrong number never leaves the form.
  const submit = () => {
    // Only names still offered: the list may have been refetched since they were ticked.
    const offered = new Set(shareable.map((d) => d.name));
    const parsed = shareLinkInputSchema.safeParse({
      expires_in_days: days === '' ? undefined : Number(days),
      document_names: documentNames.filter((name) => offered.has(name)),
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setDaysError(issues.find((i) => i.path[0] === 'expires_in_days')?.message ?? null);
      setDocumentsError(issues.find((i) => i.path[0] === 'document_names')?.message ?? null);
      return;
    }
    setDaysError(null);
    setDocumentsError(null);
    create.mutate(parsed.data);
  };
  const serverFields = create.error instanceof ApiError ? create.error.fields : undefined;
  const serverFieldError = serverFields?.expires_in_days;
  const serverDocumentsError = documentsFieldError(serverFields);

  return (
    <Section
      title="Tracking Links"
      icon={<IconShare size={18} />}
      actions={
        <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={() => setCreating(true)}>
          Share tracking
        </Button>
      }
    >
      <ErrorBanner error={links.error} />
      {rows.length === 0 && !links.isPending ? (
        <Text fz="sm" c="dimmed">
          {shareable.length === 0
            ? 'No tracking links yet. A link shows route, status, milestones and dates to anyone you send it to, without signing in; never prices, addresses or documents.'
            : 'No tracking links yet. A link shows route, status, milestones and dates to anyone you send it to, without signing in; never prices or addresses, and only the final documents you choose to share.'}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="share-links">
          {rows.map((link) => (
            <Group key={link.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="share-link-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="light" color={SECRET_STATES[link.state].color}>
                    {SECRET_STATES[link.state].label}
                  </Badge>
                  <Text fz="sm" ff="monospace">
                    …{link.token_hint}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {link.views} {link.views === 1 ? 'view' : 'views'}
                  {link.state === 'active' ? ` · expires ${formatDate(link.expires_at)}` : link.revoked_at ? ` · revoked ${formatDate(link.revoked_at)}` : ` · expired ${formatDate(link.expires_at)}`}
                  {link.created_by_name ? ` · by ${link.created_by_name}` : ''}
                </Text>
                {link.documents.length > 0 && (
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="share-link-documents">
                    Shares: {link.documents.map((d) => d.original_name).join(', ')}
                  </Text>
                )}
              </Stack>
              {link.state === 'active' && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRevoking(link)}>
                  Revoke
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}

      <ShownOnceDialog
        opened={creating}
        onClose={close}
        title={`Share tracking of ${reference}`}
        shown={
          created && (
            <ShownOnce
              notice="Link created. Copy it now: for safety it is shown only once."
              label="Tracking link"
              copyLabel="Copy link"
              value={created.url}
              testId="share-link-url"
              detail={`Valid until ${formatDateTime(created.expires_at)}. You can revoke it at any time on this page.`}
            />
          )
        }
      >
        <Stack gap="sm">
          <Text fz="sm">
            {shareable.length === 0
              ? 'Anyone with the link sees this shipment\'s route, status, milestones, dates and containers, without signing in. Prices, parties, addresses, notes and documents are never shown.'
              : 'Anyone with the link sees this shipment\'s route, status, milestones, dates and containers, without signing in. Prices, parties, addresses and notes are never shown; documents only if you tick them below.'}
          </Text>
          <NumberInput
            label="Valid for (days)"
            description={`1 to ${SHARE_LINK_MAX_DAYS} days`}
            min={1}
            max={SHARE_LINK_MAX_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={daysError ?? serverFieldError}
          />
          {shareable.length > 0 && (
            <Checkbox.Group
              label="Share documents (optional)"
              description="Only final documents can be shared. Anyone with the link can download the ones you tick."
              value={documentNames}
              onChange={(names) => {
                setDocumentNames(names);
                setDocumentsError(null);
              }}
              error={documentsError ?? serverDocumentsError}
            >
              <Stack gap="xs" mt="xs">
                {shareable.map((doc) => (
                  <Checkbox
                    key={doc.name}
                    value={doc.name}
                    label={doc.original_name}
                    styles={{ body: { minWidth: 0 }, labelWrapper: { minWidth: 0 }, label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {!serverFieldError && !serverDocumentsError && <ErrorBanner error={create.error} />}
          <ShownOnceFormActions submitLabel="Create link" busy={create.isPending} onCancel={close} onSubmit={submit} />
        </Stack>
      </ShownOnceDialog>

      <RevokeDialog
        target={revoking}
        title="Revoke tracking link"
        message={`The link ending …${revoking?.token_hint ?? ''} stops working at once for everyone who has it.`}
        revoke={revoke}
        onClose={() => setRevoking(null)}
      />
    </Section>
  );
}

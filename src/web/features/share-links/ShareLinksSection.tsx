import { useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconLink, IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RevokeDialog, SECRET_STATES, ShownOnce, ShownOnceDialog, ShownOnceFormActions } from '@web/ui/ShownOnce';
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS } from '@domain/share-links/rules';
import type { CreatedShareLink, ShareLink, ShareLinkInput } from '@domain/share-links/schema';
import { api, ApiError } from '@web/lib/api';
import { formatDate, formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
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
  // The same rule as the server's (domain/share-links): a wrong number never leaves the form. The schema loads when
  // the form is sent, not with the shipment page (its zod cost a phone's first seconds; decision 0283).
  const submit = async () => {
    const { shareLinkInputSchema } = await import('@domain/share-links/schema');
    // Only names still offered: the list may have been refetched since they were ticked.
    const offered = new Set(shareable.map((d) => d.name));
    const parsed = shareLinkInputSchema.safeParse({
      expires_in_days: days === '' ? undefined : Number(days),
      document_names: documentNames.filter((name) => offered.has(name)),
    });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      const daysIssue = issues.find((i) => i.path[0] === 'expires_in_days');
      const documentsIssue = issues.find((i) => i.path[0] === 'document_names');
      setDaysError(daysIssue ? t(daysIssue.message) : null);
      setDocumentsError(documentsIssue ? t(documentsIssue.message) : null);
      return;
    }
    setDaysError(null);
    setDocumentsError(null);
    create.mutate(parsed.data);
  };
  const serverFields = create.error instanceof ApiError ? create.error.fields : undefined;
  const serverFieldError = serverFields?.expires_in_days === undefined ? undefined : t(serverFields.expires_in_days);
  const documentsServerError = documentsFieldError(serverFields);
  const serverDocumentsError = documentsServerError === undefined ? undefined : t(documentsServerError);

  return (
    <Section
      title={t('Tracking Links')}
      icon={<IconShare size={18} />}
      actions={
        <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={() => setCreating(true)}>
          {t('Share tracking')}
        </Button>
      }
    >
      <ErrorBanner error={links.error} />
      {rows.length === 0 && !links.isPending ? (
        <Text fz="sm" c="dimmed">
          {shareable.length === 0
            ? t('No tracking links yet. A link shows route, status, milestones and dates to anyone you send it to, without signing in; never prices, addresses or documents.')
            : t('No tracking links yet. A link shows route, status, milestones and dates to anyone you send it to, without signing in; never prices or addresses, and only the final documents you choose to share.')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="share-links">
          {rows.map((link) => (
            <Group key={link.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="share-link-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="light" color={SECRET_STATES[link.state].color}>
                    {t(SECRET_STATES[link.state].label)}
                  </Badge>
                  <Text fz="sm" ff="monospace">
                    …{link.token_hint}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {t('{count, plural, one {# view} other {# views}}', { count: link.views })}
                  {' · '}
                  {link.state === 'active'
                    ? t('expires {date}', { date: formatDate(link.expires_at) })
                    : link.revoked_at
                      ? t('revoked {date}', { date: formatDate(link.revoked_at) })
                      : t('expired {date}', { date: formatDate(link.expires_at) })}
                  {link.created_by_name ? ` · ${t('by {name}', { name: link.created_by_name })}` : ''}
                </Text>
                {link.documents.length > 0 && (
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="share-link-documents">
                    {t('Shares: {documents}', { documents: link.documents.map((d) => d.original_name).join(', ') })}
                  </Text>
                )}
              </Stack>
              {link.state === 'active' && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRevoking(link)}>
                  {t('Revoke')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}

      <ShownOnceDialog
        opened={creating}
        onClose={close}
        title={t('Share tracking of {reference}', { reference })}
        shown={
          created && (
            <ShownOnce
              notice={t('Link created. Copy it now: for safety it is shown only once.')}
              label={t('Tracking link')}
              copyLabel={t('Copy link')}
              value={created.url}
              testId="share-link-url"
              detail={t('Valid until {date}. You can revoke it at any time on this page.', { date: formatDateTime(created.expires_at) })}
            />
          )
        }
      >
        <Stack gap="sm">
          <Text fz="sm">
            {shareable.length === 0
              ? t("Anyone with the link sees this shipment's route, status, milestones, dates and containers, without signing in. Prices, parties, addresses, notes and documents are never shown.")
              : t("Anyone with the link sees this shipment's route, status, milestones, dates and containers, without signing in. Prices, parties, addresses and notes are never shown; documents only if you tick them below.")}
          </Text>
          <NumberInput
            label={t('Valid for (days)')}
            description={t('1 to {max} days', { max: SHARE_LINK_MAX_DAYS })}
            min={1}
            max={SHARE_LINK_MAX_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={daysError ?? serverFieldError}
          />
          {shareable.length > 0 && (
            <Checkbox.Group
              label={t('Share documents (optional)')}
              description={t('Only final documents can be shared. Anyone with the link can download the ones you tick.')}
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
          <ShownOnceFormActions submitLabel={t('Create link')} busy={create.isPending} onCancel={close} onSubmit={() => void submit()} />
        </Stack>
      </ShownOnceDialog>

      <RevokeDialog
        target={revoking}
        title={t('Revoke tracking link')}
        message={t('The link ending …{hint} stops working at once for everyone who has it.', { hint: revoking?.token_hint ?? '' })}
        revoke={revoke}
        onClose={() => setRevoking(null)}
      />
    </Section>
  );
}

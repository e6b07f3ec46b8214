import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../lib/api';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import type { RequestFormValues } from '../../../../domain/requests';
import { CargoCard } from './CargoCard';
import { focusField, inputPathOf, useRequestForm } from './request-form';
import { blankRequestForm, firstRequestIssue, toRequestBody, withoutEmptyPieces } from './request-form-values';
import { TermsCard, TransportCard } from './RequestFormCards';
import { RouteCard } from './RouteCard';

type Props = {
  /** Sends the body; throws ApiError on a refusal (its message goes to the banner, its fields to the inputs). */
  onSave: (body: RequestFormValues) => Promise<void>;
  cancel: ReactNode;
  /** A card after the form's own (the files to send with the request); its state is the caller's. */
  attachments?: ReactNode;
};

/**
 * The customer's request for a price (issue 15). On submit the server's own checks run here first (the body schema,
 * then validateRequest): the first problem shows in the red banner and under its input, which gets the focus. The
 * server's 400 shows the same way. Nothing typed is lost on a refusal.
 */
export function RequestForm({ onSave, cancel, attachments }: Props) {
  const [initial] = useState(blankRequestForm);
  const form = useRequestForm(initial);
  const [banner, setBanner] = useState<{ message: string; path: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const bannerShown = banner !== null && (banner.path === null || form.errors[banner.path] !== undefined);

  const refuse = (message: string, field: string | null, values = form.values) => {
    const path = field === null ? null : inputPathOf(field, values);
    setBanner({ message, path });
    form.setErrors(path ? { [path]: message } : {});
    if (path) focusField(path);
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Dimension lines left empty are dropped first, so that a message's `pieces.N` is the N-th line on screen.
    const values = withoutEmptyPieces(form.values);
    if (values !== form.values) form.setFieldValue('pieces', values.pieces);
    const issue = firstRequestIssue(values);
    if (issue) return refuse(issue.message, issue.field, values);
    setBanner(null);
    form.clearErrors();
    setBusy(true);
    try {
      await onSave(toRequestBody(values));
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const field = Object.keys(apiError?.fields ?? {})[0] ?? null;
      refuse(apiError?.message ?? 'The request could not be sent. Please try again.', field, values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="New request">
      <ErrorBanner error={bannerShown ? banner.message : null} />
      <Stack gap="lg">
        <TransportCard form={form} />
        <RouteCard form={form} />
        <CargoCard form={form} />
        <TermsCard form={form} />
        {attachments}
      </Stack>
      <Paper withBorder shadow="sm" radius="md" p="md" mt="lg" pos="sticky" bottom={12} style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fz="sm" c="dimmed">
            Fields marked * are required.
          </Text>
          <Group gap="sm">
            {cancel}
            <Button type="submit" loading={busy} data-testid="request-submit">
              Send Request
            </Button>
          </Group>
        </Group>
      </Paper>
    </form>
  );
}

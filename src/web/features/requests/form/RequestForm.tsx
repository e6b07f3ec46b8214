import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ApiError } from '@web/lib/api';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { t } from '@web/lib/i18n';
import type { RequestFormValues, RequestIssue } from '@domain/requests/schema';
import { CargoCard } from './CargoCard';
import { PartiesCard } from './PartiesCard';
import { focusField, inputPathOf, useRequestForm } from './request-form';
import { blankRequestForm, requestFormIssues, toRequestBody, withoutEmptyPieces, type RequestFormState } from './request-form-values';
import { TermsCard, TransportCard } from './RequestFormCards';
import { RouteCard } from './RouteCard';

type Props = {
  /** Sends the body; throws ApiError on a refusal (its message goes to the banner, its fields to the inputs). */
  onSave: (body: RequestFormValues) => Promise<void>;
  cancel: ReactNode;
  /** A card after the form's own (the files to send with the request); its state is the caller's. */
  attachments?: ReactNode;
  /** The values to start from (a copy of an earlier request); blank by default. */
  initialValues?: RequestFormState;
};

/**
 * The customer's request for a price (issue 15). On submit the server's own checks run here first (the body schema
 * and the rules, requestBodyIssues): every problem shows at once under its input and, in the form's order, in the red
 * banner; the first input gets the focus (issue 37). The server's 400 shows the same way. Nothing typed is lost.
 */
export function RequestForm({ onSave, cancel, attachments, initialValues }: Props) {
  const [initial] = useState(() => initialValues ?? blankRequestForm());
  const form = useRequestForm(initial);
  const [banner, setBanner] = useState<{ message: string; list: string[]; paths: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  // The banner stays while a problem it names is still shown (or it named none); correcting the inputs clears it.
  const bannerShown = banner !== null && (banner.paths.length === 0 || banner.paths.some((p) => form.errors[p] !== undefined));

  /** Shows the problems (in the form's order) under their inputs and in the banner; the first input gets the focus. */
  const refuse = (issues: RequestIssue[], values = form.values) => {
    const shown = issues.map((i) => ({ path: i.field === 'form' ? null : inputPathOf(i.field, values), message: t(i.message) }));
    const paths = shown.flatMap((i) => (i.path ? [i.path] : []));
    const several = shown.length > 1;
    setBanner({ message: several ? t('Please correct the {count} problems below:', { count: shown.length }) : shown[0]!.message, list: several ? shown.map((i) => i.message) : [], paths });
    form.setErrors(Object.fromEntries(shown.flatMap((i) => (i.path ? [[i.path, i.message]] : []))));
    if (paths[0]) focusField(paths[0]);
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Dimension lines left empty are dropped first, so that a message's `pieces.N` is the N-th line on screen.
    const values = withoutEmptyPieces(form.values);
    if (values !== form.values) form.setFieldValue('pieces', values.pieces);
    const issues = requestFormIssues(values);
    if (issues.length > 0) return refuse(issues, values);
    setBanner(null);
    form.clearErrors();
    setBusy(true);
    try {
      await onSave(toRequestBody(values));
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const fields = Object.entries(apiError?.fields ?? {}).map(([field, message]) => ({ field, message }));
      refuse(fields.length > 0 ? fields : [{ field: 'form', message: apiError?.message ?? t('The request could not be sent. Please try again.') }], values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('New request')}>
      <ErrorBanner error={bannerShown ? banner.message : null} list={banner?.list} />
      <Stack gap="lg">
        <TransportCard form={form} />
        <RouteCard form={form} />
        <CargoCard form={form} />
        <PartiesCard form={form} />
        <TermsCard form={form} />
        {attachments}
      </Stack>
      <Paper withBorder shadow="sm" radius="md" p="md" mt="lg" pos="sticky" bottom={12} style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fz="sm" c="dimmed">
            {t('Fields marked * are required.')}
          </Text>
          <Group gap="sm">
            {cancel}
            <Button type="submit" loading={busy} data-testid="request-submit">
              {t('Send Request')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </form>
  );
}

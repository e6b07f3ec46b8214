import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX, COMPANY_NAME_MIN, type CompanyInput } from '../../../domain/companies';
import { ApiError } from '../../lib/api';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { PageHeader } from '../../ui/PageHeader';

type Values = { name: string; address: string };

/**
 * The one form that creates and edits a company (spec section 2). Rules are checked by the API; its message
 * shows in the red banner and on the field it names.
 */
export function CompanyForm({
  title, subtitle, initial, submitLabel, busyLabel, busy, error, backTo, onSubmit,
}: {
  title: string;
  subtitle: string;
  initial?: Values;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  /** '/companies' or the profile '/companies/{id}'. */
  backTo: string;
  onSubmit: (input: CompanyInput) => void;
}) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial ?? { name: '', address: '' } });
  const fieldErrors = error instanceof ApiError ? (error.fields ?? {}) : {};
  const nameLength = form.values.name.trim().length;

  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={backTo} fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {backTo === '/companies' ? 'Back to Companies' : 'Back to Company'}
        </Group>
      </Anchor>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder radius="md" p="lg">
        <form noValidate onSubmit={form.onSubmit((v) => onSubmit({ name: v.name, address: v.address }))}>
          <Stack>
            <ErrorBanner error={error} />
            <TextInput
              label="Company Name"
              placeholder="e.g. Anatolia Textiles Ltd"
              withAsterisk
              autoFocus
              description={`${COMPANY_NAME_MIN} to ${COMPANY_NAME_MAX} characters`}
              rightSection={
                <Text fz="xs" c={nameLength > COMPANY_NAME_MAX ? 'red' : 'dimmed'} pr="xs">
                  {nameLength}/{COMPANY_NAME_MAX}
                </Text>
              }
              rightSectionWidth={64}
              disabled={busy}
              {...form.getInputProps('name')}
              error={fieldErrors.name}
            />
            <Textarea
              label="Address"
              placeholder="Street, postal code, city, country"
              description="Optional"
              autosize
              minRows={3}
              maxLength={COMPANY_ADDRESS_MAX}
              disabled={busy}
              {...form.getInputProps('address')}
              error={fieldErrors.address}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" component={Link} to={backTo} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={false} disabled={busy}>
                {busy ? busyLabel : submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

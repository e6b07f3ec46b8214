import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SEAPORT_MESSAGES, normalizeUnCode, type Seaport, type SeaportInput } from '@domain/seaports/schema';
import { ApiError } from '@web/lib/api';
import { ErrorBanner } from '@web/ui/ErrorBanner';

type Values = { name: string; country: string; un_code: string };

/** A field's message from the API; the banner already says 'Please fill in all required fields', so the field says 'Required'. */
function fieldError(error: unknown, field: keyof Values): string | undefined {
  const message = error instanceof ApiError ? error.fields?.[field] : undefined;
  return message === SEAPORT_MESSAGES.required ? 'Required' : message;
}

/** The sea port form of /seaports/new and /seaports/edit/{id}: the UN Code is uppercased as typed, at most 5 characters. */
export function SeaportForm({
  seaport, submitLabel, busyLabel, busy, error, onSubmit, onCancel,
}: {
  seaport?: Seaport;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: SeaportInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: { name: seaport?.name ?? '', country: seaport?.country ?? '', un_code: seaport?.un_code ?? '' },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit({ ...v, un_code: v.un_code || null }))}>
      <Stack gap="md">
        <ErrorBanner error={error} />
        <TextInput
          label="Port Name"
          withAsterisk
          placeholder="e.g. Istanbul"
          description="The city comes first; add a region after a comma when needed (e.g. Belawan, Sumatra)"
          autoFocus
          {...form.getInputProps('name')}
          error={fieldError(error, 'name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Country"
            withAsterisk
            placeholder="e.g. Turkey"
            description="Country name in English"
            {...form.getInputProps('country')}
            error={fieldError(error, 'country')}
          />
          <TextInput
            label="UN Code"
            placeholder="e.g. TRIST"
            description="5-character UN/LOCODE (optional)"
            maxLength={5}
            autoComplete="off"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
            {...form.getInputProps('un_code')}
            onChange={(e) => form.setFieldValue('un_code', normalizeUnCode(e.currentTarget.value))}
            error={fieldError(error, 'un_code')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, List, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DataCheck } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';

/** The data check messages by field ('mawb_number', 'containers.1.number'). */
export type ChecksByField = Record<string, string>;

export function checksByField(checks: readonly DataCheck[]): ChecksByField {
  return Object.fromEntries(checks.map((c) => [c.field, c.message]));
}

/**
 * The staff detail's warning when stored numbers fail today's checks (rows saved before the checks existed):
 * the page still shows everything; saving the shipment asks for the numbers to be corrected.
 */
export function DataChecksAlert({ checks }: { checks: readonly DataCheck[] }) {
  if (checks.length === 0) return null;
  // The shipment's own container number repeats its first container row's: one line per message.
  const messages = [...new Set(checks.map((c) => t(c.message)))];
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t("Stored data fails today's checks")} data-testid="data-checks">
      <List size="sm" spacing={2}>
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
      <Text fz="sm" mt="xs">
        {t('Saving this shipment asks for these numbers to be corrected.')}
      </Text>
    </Alert>
  );
}

/** The warning mark beside a value a data check names (its message as tooltip and accessible name). */
export function CheckMark({ message }: { message: string | undefined }) {
  if (!message) return null;
  const shown = t(message);
  return (
    <Tooltip label={shown} multiline maw={320} withArrow>
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-orange-7)"
        role="img"
        aria-label={t('Data check: {message}', { message: shown })}
        data-testid="data-check-mark"
        style={{ verticalAlign: 'text-bottom', marginLeft: 4, flexShrink: 0 }}
      />
    </Tooltip>
  );
}

import type { ReactNode } from 'react';
import { ActionIcon, Alert, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret shown the one time it exists (a tracking link, an API key, a webhook's signing secret): what to do now, the
 * value in a read-only field that selects itself (copying needs a secure context an office address over http is not),
 * and a copy button.
 */
export function ShownOnce({ notice, label, copyLabel, value, testId, monospace = false }: { notice: ReactNode; label: string; copyLabel: string; value: string; testId: string; monospace?: boolean }) {
  return (
    <>
      <Alert color="green" icon={<IconCheck size={16} />}>
        {notice}
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={label}
          value={value}
          readOnly
          style={{ flex: 1 }}
          styles={monospace ? { input: { fontFamily: 'monospace' } } : undefined}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : copyLabel}>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={copyLabel}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </>
  );
}

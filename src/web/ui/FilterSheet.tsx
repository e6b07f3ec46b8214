import type { ReactElement, ReactNode } from 'react';
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';

/**
 * A list's filters on a customer's phone (issue 17): the search stays on the page; the rest folds into a sheet from
 * the bottom, as tall as its filters, behind a Filters button that counts what is set (`active`). `clear` (when a
 * filter is set) shows under the search and in the sheet; `show` closes the sheet onto the list; `extra` sits last in
 * the sheet (an export). On a wider screen the list lays its filters out itself.
 */
export function FilterSheet({
  search, active, show, clear, extra, children,
}: {
  search: ReactNode;
  active: number;
  show: string;
  clear?: { label: string; onClear: () => void };
  extra?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs" mb="md">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        {search}
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={active > 0 ? <Badge size="sm" circle aria-label={t('{count} set', { count: active })}>{active}</Badge> : undefined}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          style={{ flexShrink: 0 }}
        >
          {t('Filters')}
        </Button>
      </Group>
      {clear && (
        <Group justify="flex-start">
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clear.onClear}>
            {clear.label}
          </Button>
        </Group>
      )}
      {/* Mantine has no "auto" drawer size: the content's own height keeps the list in sight above the sheet. */}
      <Drawer opened={open} onClose={() => setOpen(false)} position="bottom" styles={{ content: { height: 'auto' } }} title={t('Filters')} radius="md">
        <Stack gap="sm" pb="md">
          {children}
          <Button mt="xs" fullWidth onClick={() => setOpen(false)}>
            {show}
          </Button>
          {clear && (
            <Button variant="default" fullWidth leftSection={<IconFilterOff size={16} />} onClick={clear.onClear}>
              {clear.label}
            </Button>
          )}
          {extra}
        </Stack>
      </Drawer>
    </Stack>
  );
}

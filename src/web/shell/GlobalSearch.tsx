import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';
import { openGlobalSearch, whenWanted } from './global-search-open';

const GlobalSearchPanel = lazy(() => import('./GlobalSearchPanel').then((m) => ({ default: m.GlobalSearchPanel })));

/**
 * The button that opens the global search (sidebar and phone header): it names the shortcut. Its accessible name is
 * its visible text ("Search Ctrl K", WCAG 2.5.3 label in name; "Search shipments" wrapped to two lines in the
 * sidebar); the icon-only phone button is named by its label.
 */
export function GlobalSearchButton({ compact = false }: { compact?: boolean }) {
  return (
    <UnstyledButton
      onClick={openGlobalSearch}
      aria-label={compact ? t('Search shipments') : undefined}
      aria-keyshortcuts="Control+K"
      data-testid="global-search-button"
      px="sm"
      py={6}
      // In the phone header: a 44 px tap target (issue 45).
      mih={compact ? 44 : undefined}
      miw={compact ? 44 : undefined}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'var(--mantine-color-white)', width: compact ? undefined : '100%' }}
    >
      <Group gap={8} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap">
          <IconSearch size={16} color="var(--mantine-color-gray-6)" />
          {!compact && (
            <Text fz="sm" c="dimmed">
              {t('Search')}
            </Text>
          )}
        </Group>
        {!compact && (
          <Group gap={2} wrap="nowrap" visibleFrom="sm">
            <Kbd size="xs">{t('Ctrl')}</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        )}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The global shipment search (issue 21): Ctrl+K (Cmd+K) or '/' anywhere, then any number (reference, container, BL,
 * MAWB, HAWB, voyage), a vessel, company or place; the panel itself is GlobalSearchPanel.
 */
export function GlobalSearch() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    return whenWanted(() => setWanted(true));
  }, []);
  // Ctrl+K (Cmd+K) works from anywhere, a search box included; '/' only outside fields, where it is not typing.
  useHotkeys([['mod+K', openGlobalSearch]], []);
  useHotkeys([['/', openGlobalSearch]]);
  return wanted ? (
    <Suspense fallback={null}>
      <GlobalSearchPanel />
    </Suspense>
  ) : null;
}

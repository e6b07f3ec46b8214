import { useEffect } from 'react';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications, notificationsStore, updateNotificationsState, type NotificationsState } from '@mantine/notifications';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { BrandLogo } from '@web/ui/BrandLogo';
import { Sidebar } from './Sidebar';
import { GlobalSearch, GlobalSearchButton } from './GlobalSearch';
import { UnreadMessagesButton } from '@web/features/messages/UnreadCountBadge';
import { AfterFirstPaint } from '@web/ui/AfterFirstPaint';
import { RemoveBootShell } from '@web/ui/BootShell';
import { PHONE_QUERY } from '@web/ui/theme';
import { t, takeSourceMessages } from '@web/lib/i18n';
import { SOURCE_MESSAGES } from '@web/lib/source-messages';
import { prepareFormats } from '@web/lib/format';
import { overlaps, toastBoxes, toastSide, type ToastSide } from './toast-side';

// The signed-in pages speak plurals and selects: their compiled English rides with the shell (lib/i18n.ts).
takeSourceMessages(SOURCE_MESSAGES);
// Its dates and numbers: their formats are made while the first page's data are on the way (lib/format.ts).
prepareFormats();

const NAVBAR_WIDTH = 260;

/** What a toast must not lie over: the controls a person taps. */
const CONTROLS = 'button, [role="button"], a[href], input, select, textarea, .mantine-SegmentedControl-label, .mantine-Radio-label, .mantine-Checkbox-label';

/** How many visible controls lie under each side's toast box now (a toast's own controls aside). */
function controlsCovered(phone: boolean): Record<ToastSide, number> {
  const boxes = toastBoxes({ width: window.innerWidth, height: window.innerHeight }, phone);
  const covered = { top: 0, bottom: 0 };
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.closest('.mantine-Notification-root')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const box = { left: r.left, top: r.top, width: r.width, height: r.height };
    if (overlaps(boxes.top, box)) covered.top++;
    if (overlaps(boxes.bottom, box)) covered.bottom++;
  }
  return covered;
}

/**
 * Places each toast as it is shown (issue 45, toast-side.ts): on the side where it covers the fewest controls, else
 * away from the last control pressed, by pointer or by Enter or Space (a toast's own close button aside). Typing in a
 * field moves nothing. A toast shown with a position of its own keeps it.
 */
function usePlacedToasts(phone: boolean): void {
  useEffect(() => {
    let pressed: DOMRect | null = null;
    const used = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Enter' && e.key !== ' ') return;
      const el = e.target instanceof Element ? e.target : null;
      if (!el || el.closest('.mantine-Notification-root')) return;
      pressed = el.getBoundingClientRect();
    };
    const place = (state: NotificationsState) => {
      if ([...state.notifications, ...state.queue].every((n) => n.position)) return;
      const side = toastSide(pressed, window.innerHeight, controlsCovered(phone));
      const position = `${side}-${phone ? 'center' : 'right'}` as const;
      updateNotificationsState(notificationsStore, (list) => list.map((n) => (n.position ? n : { ...n, position })));
    };
    document.addEventListener('pointerdown', used, true);
    document.addEventListener('keydown', used, true);
    const unsubscribe = notificationsStore.subscribe(place);
    return () => {
      unsubscribe();
      document.removeEventListener('pointerdown', used, true);
      document.removeEventListener('keydown', used, true);
    };
  }, [phone]);
}

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  usePlacedToasts(phone);
  // A heading drawn by the HTML (the shipment page's, a customer's list's) stays while its page is the one loading or
  // shown, which takes it away with its own (decision 0306); an error or another page takes it away here.
  const drawnPage = useRouterState({
    select: (s) => {
      const leaf = s.matches.at(-1);
      return (leaf?.routeId === '/app/all-shipments/$id' || leaf?.routeId === '/app/all-shipments') && (leaf.status === 'pending' || leaf.status === 'success');
    },
  });
  return (
    // The shell and the first page under it render as a transition, in slices of a few milliseconds: the router's own
    // updates render at once, and the shell with a page rendered with them was one task of 300-600 ms on a phone
    // (issue 17, decision 0247). Later pages render under the shell as the router decides.
    <AfterFirstPaint>
      {/* Only signed-in pages show notifications; mounted here, the system stays out of the sign-in page's JavaScript.
          Each is placed as it shows (usePlacedToasts): centred on a phone, below its header's buttons (ui/app.css);
          on the right on a wider screen. */}
      <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />
      <RemoveBootShell keepPage={drawnPage} />
      <GlobalSearch />
      <AppShell
        navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        header={{ height: { base: 56, sm: 0 } }}
        padding="lg"
        bg="gray.0"
      >
        <AppShell.Header hiddenFrom="sm">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('Toggle menu')} />
              <BrandLogo size="sm" />
            </Group>
            <Group gap={4} wrap="nowrap">
              <UnreadMessagesButton />
              <GlobalSearchButton compact />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          {/* On a phone the menu is closed at first: it renders once the page is painted (decision record 0248). */}
          {phone ? (
            <AfterFirstPaint>
              <Sidebar onNavigate={close} />
            </AfterFirstPaint>
          ) : (
            <Sidebar onNavigate={close} />
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </AfterFirstPaint>
  );
}

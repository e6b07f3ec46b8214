/**
 * Checks of a phone screen (issue 45, decision record 0279): every control a thumb taps is at least 44 by 44 px
 * (WCAG 2.5.5), no button's words are cut off, and a toast covers no control.
 */
import type { Locator, Page } from '@playwright/test';

/** What a thumb taps: buttons, links that are not words in a sentence, segmented choices, radio and checkbox labels. */
const CONTROLS = 'button, [role="button"], a[href], .mantine-SegmentedControl-label, .mantine-Radio-label, .mantine-Checkbox-label, .mantine-Switch-label';
export const TAP = 44;

/** The controls on screen smaller than TAP in either direction, as "text WxH" (the menu drawer, closed, is off screen). */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(([selector, tap]) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= innerWidth || getComputedStyle(el).visibility === 'hidden') continue;
      // A link inside a sentence is text, not a control (WCAG 2.5.5's inline exception).
      if (el.tagName === 'A' && el.closest('p')) continue;
      // Named by its text, else its label, else its Mantine component (mantine-CloseButton-root).
      const name = el.innerText || el.getAttribute('aria-label') || [...el.classList].find((c) => /^mantine-[A-Z]/.test(c)) || el.tagName;
      if (r.width < tap - 0.5 || r.height < tap - 0.5) out.push(`${name.trim().slice(0, 40)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  }, [CONTROLS, TAP] as const);
}

/** The buttons on screen whose words do not fit (cut off or hidden behind an ellipsis). */
export async function cutOffButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.mantine-Button-label')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= 0 || r.left >= innerWidth) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(el.innerText.trim());
    }
    return out;
  });
}

/**
 * The controls inside `within` (the whole page when absent) a box (a toast) lies over where it comes to rest, by their
 * text. A toast slides in from its edge: measured mid-slide (a loaded machine draws it slowly) a top toast still
 * overlaps the header it ends up below, so the box is read once it has stopped moving.
 */
export async function controlsUnder(page: Page, over: Locator, within = 'body'): Promise<string[]> {
  let box = await over.boundingBox();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const next = await over.boundingBox();
    if (box && next && next.x === box.x && next.y === box.y && next.width === box.width && next.height === box.height) break;
    box = next;
  }
  if (!box) throw new Error('the covering element is not on screen');
  return page.evaluate(
    ([selector, b]) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (el.closest('.mantine-Notification-root')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y) out.push((el.innerText || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40));
      }
      return out;
    },
    [CONTROLS.split(', ').map((c) => `${within} ${c}`).join(', '), box] as const,
  );
}

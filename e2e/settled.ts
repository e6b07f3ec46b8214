import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** How long no request may be in flight before the page's main thread is asked whether it is idle too. */
const QUIET_MS = 150;
/** A page still starting requests after this long (a poll that never stops) fails with that said, not at the test's timeout. */
const SETTLE_LIMIT_MS = 20_000;

/**
 * A page that has settled: what it asked for has come back and what it does with the answers is done. Watches the
 * page's requests from the moment it is made (call it before `goto`); `settled()` resolves once no request has been in
 * flight for 150 ms and then, after two animation frames, the main thread has an idle moment
 * (`requestIdleCallback`) without a new request having started meanwhile; otherwise it waits again.
 *
 * It replaces Playwright's `networkidle` (500 ms without a request, decision record 0293): the idle callback covers what
 * a fixed quiet period only guesses at: a response whose rendering, on a busy CPU, starts the next request later than
 * any fixed delay (a lazy part, the section drawn after the first paint). The frames let a part deferred to the next
 * frame (`AfterFirstPaint`) start before the idle moment is taken. It works after a resize as after a navigation.
 */
export function pageSettling(page: Page): () => Promise<void> {
  let inFlight = 0;
  let started = 0;
  let last = Date.now();
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', () => {
    inFlight++;
    started++;
    last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the page did not settle within ${SETTLE_LIMIT_MS / 1000} s: it kept starting requests`);
      await expect.poll(() => inFlight === 0 && Date.now() - last >= QUIET_MS, { intervals: [50], timeout: 10_000 }).toBe(true);
      const mark = started;
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 }))),
          ),
      );
      if (started === mark && inFlight === 0) return;
    }
  };
}

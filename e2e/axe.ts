import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Frame, Page } from '@playwright/test';

// axe-core as @axe-core/playwright ships it (its own pinned version, which tags label-content-name-mismatch
// "experimental": decision 0253), not whichever copy another package hoisted.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE: string = (fromAxePlaywright('axe-core') as { source: string }).source;

/**
 * The suite's scan: WCAG 2.0 and 2.1 A and AA, plus WCAG 2.5.3 (label in name), which a tag filter never runs.
 * resultTypes: every rule still runs on every node; only the passing and inapplicable results stop being gathered
 * node by node and sent back to the test (the suite reads violations only).
 */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * Puts axe into a frame unless the document there already has it: once per document, where
 * `AxeBuilder.analyze()` in legacy mode evaluates axe's ~550 KB source twice in the main frame on every scan (once
 * itself, once more in its injection loop), four times for a page scanned at two widths (decision 0288). Same
 * configuration as AxeBuilder's legacy mode: frames of the page's own origin only; a frame that does not take the
 * script within a second (another origin's, still loading) is left out, as AxeBuilder leaves it.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function').catch(() => false);
  if (present) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      frame.evaluate(AXE_SOURCE),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('Script Timeout')), 1000);
      }),
    ]);
    await frame.evaluate(() => (window as unknown as { axe: { configure: (c: object) => void } }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  } catch {
    // As AxeBuilder: a frame that cannot take axe is not scanned (its origin is not ours).
  } finally {
    clearTimeout(timer);
  }
}

/** axe's violations on the page as it is now (the main frame and same-origin frames; axe.run in the page). */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const outcome = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<AxeResults> } }).axe.run(document, options).then(
        (results) => ({ error: null, results }),
        (e: unknown) => ({ error: String(e instanceof Error ? e.message : e), results: null }),
      ),
    OPTIONS,
  );
  if (outcome.error !== null || !outcome.results) throw new Error(`axe: ${outcome.error}`);
  return outcome.results.violations;
}

/** The serious and critical ones, one line each (at most three nodes per rule). */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`.trim()));
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './e2e/chromium';

// One fresh data directory per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-e2e-'));
process.env.E2E_PORT ??= '3199';
process.env.PLAYWRIGHT_CHROMIUM_PATH ??= resolveChromium();
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  // Two browsers side by side (decision record 0291): one left a third of the 2 cores idle while it waited on the
  // server and the page. Tests run beside each other, so a test that changes a shipment makes its own (newShipment in
  // fixtures.ts) and never expects a shared list to hold only its rows. E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // A test tagged @alone reads a count over the whole server (every unassigned shipment, say) that tests beside it
  // would change, or writes what such a read would trip over: those run one at a time after the rest. The admin's
  // "require two-factor for all staff" holds every staff account on the server: that spec runs last, alone (decision
  // 0010).
  projects: [
    { name: 'chromium', testIgnore: /two-factor-requirement\.spec\.ts/, grepInvert: /@alone/ },
    { name: 'alone', testIgnore: /two-factor-requirement\.spec\.ts/, grep: /@alone/, workers: 1, dependencies: ['chromium'] },
    { name: 'exclusive', testMatch: /two-factor-requirement\.spec\.ts/, dependencies: ['alone'] },
  ],
  use: {
    baseURL,
    // No trace while the suite runs: recording one (a screencast frame and a DOM snapshot at every step) cost a third
    // of the suite's CPU, kept only for a failure (decision record 0290). To look into a failing test, run it again
    // with `--trace on`; the screenshot at the failure stays.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // The same bundle `npm start` runs (built when stale; decision 0201), on a data directory that also holds a row
    // stored before the number checks of issue 14 (e2e/legacy-data.ts).
    command: 'node scripts/build-if-needed.mjs && node node_modules/tsx/dist/cli.mjs e2e/legacy-data.ts && node node_modules/tsx/dist/cli.mjs e2e/billing-data.ts && node dist/server/main.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // No PUBLIC_URL: an office installation, answering at http://localhost and http://127.0.0.1 alike (issue 19).
      SEED_DEMO: 'true',
      // Each test presents its own client address (X-Forwarded-For), as users behind a proxy do,
      // so the auth rate limits hold per test instead of across the whole suite.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      // Messages gather into one mail per person over 5 minutes in production; 3 s here, so a test sees the mail.
      MESSAGE_MAIL_WINDOW_SECONDS: '3',
    },
  },
});

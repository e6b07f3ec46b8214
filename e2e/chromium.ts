import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_PATH, else the system one
 * (Debian package `chromium`), else Playwright's own (downloaded once with `playwright install`).
 */
export function resolveChromium(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  const cli = path.resolve('node_modules/playwright-core/cli.js');
  try {
    execFileSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
    const out = execFileSync(process.execPath, ['-e', "console.log(require('playwright-core').chromium.executablePath())"]).toString().trim();
    if (out && fs.existsSync(out)) return out;
  } catch {
    /* no network: fall through to the message */
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`) ' +
      'or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

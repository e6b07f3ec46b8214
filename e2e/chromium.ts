import fs from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_PATH, else the system's. Debian's old headless shell
 * (package `chromium-headless-shell`) comes first: it is what Playwright itself runs for headless tests (the same
 * Blink, without the full browser's window, GPU and extension processes), and it takes less of the 2 cores than the
 * full `chromium` (decision record 0287). Nothing is downloaded: a machine without either gets a message saying how to
 * install one.
 */
export function resolveChromium(): string {
  const candidates = [
    process.env.PLAYWRIGHT_CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium-headless-shell`, ' +
      'or `chromium`) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

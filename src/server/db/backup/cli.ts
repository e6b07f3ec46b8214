/**
 * `npm run db:backup [-- --out FILE]`, `npm run db:restore FILE`, `npm run db:move -- --to postgres://...`
 * (issue 19, decision record 0227). They read the same environment as the portal (DATABASE_URL, DATA_DIR, S3_*).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '@server/config';
import { openPglite, openPostgres, type Database } from '../client';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';
import { localStorageIn } from '@server/storage/local';
import type { Storage } from '@server/storage/storage';
import { restoreBackup, writeBackupFile, type BackupSummary } from './archive';
import { BackupError, loaderSink, readSnapshot, type TableInfo } from './logical';
import { requestBackup } from './control';

const USAGE = `Usage:
  npm run db:backup [-- --out FILE]        one file with the whole database and the stored documents
  npm run db:restore FILE                  into an empty DATA_DIR, or the empty database of DATABASE_URL
  npm run db:move -- --to postgres://...   the embedded database (DATA_DIR) into an empty PostgreSQL database`;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const totalRows = (tables: TableInfo[]) => tables.reduce((n, t) => n + t.rows, 0);
const hasEmbeddedDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));

async function documentStorage(config: Config): Promise<Storage | null> {
  return config.s3 ? null : localStorageIn(config.dataDir);
}

/** Opens the embedded database of DATA_DIR for a tool; null when the portal holds it (it runs). */
async function openEmbedded(dataDir: string): Promise<{ database: Database; unlock: () => void } | null> {
  if (!hasEmbeddedDatabase(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir} (set DATA_DIR to the portal's data directory).`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) return null;
    throw e;
  }
  return { database: await openPglite(dataDir), unlock };
}

function printBackup(file: string, s: BackupSummary, started: number, via: string) {
  const m = s.manifest;
  console.log(`Backup written: ${file}`);
  console.log(`  ${m.engine} database${via}: ${m.tables.length} tables, ${totalRows(m.tables)} rows, ${m.migrations.length} migrations`);
  if (s.documents) console.log(`  documents: ${s.documents.stored.length} copied${s.documents.missing.length ? `, ${s.documents.missing.length} deleted while the backup ran` : ''}`);
  else console.log('  documents: kept in the S3-compatible store, not in this file (back the bucket up with its own versioning)');
  console.log(`  ${mib(s.bytes)} in ${seconds(started)}`);
}

async function backup(config: Config, out: string | undefined) {
  const started = performance.now();
  const stamp = new Date().toISOString().replace(/[:.]/g, '').slice(0, 15);
  const file = path.resolve(out ?? path.join('backups', `cargodesk-${stamp}.tar.gz`));
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already; choose another --out.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const storage = await documentStorage(config);
  const authSecretFile = path.join(config.dataDir, 'auth-secret');
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, { max: 2 });
    try {
      printBackup(file, await writeBackupFile({ database, storage, authSecretFile }, file), started, '');
    } finally {
      await database.close();
    }
    return;
  }
  const embedded = await openEmbedded(config.dataDir);
  if (!embedded) {
    // The portal runs on this data directory: it writes the backup from its own open database.
    printBackup(file, await requestBackup(config.dataDir, file), started, ' (written by the running portal)');
    return;
  }
  try {
    printBackup(file, await writeBackupFile({ database: embedded.database, storage, authSecretFile }, file), started, '');
  } finally {
    await embedded.database.close();
    embedded.unlock();
  }
}

async function restore(config: Config, file: string | undefined) {
  if (!file) throw new BackupError(`Which backup? ${USAGE}`);
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const started = performance.now();
  const storage = await documentStorage(config);
  let database: Database;
  let unlock = () => {};
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl, { max: 2 });
  } else {
    if (hasEmbeddedDatabase(config.dataDir)) throw new BackupError(`${config.dataDir} holds a database already. Restore into a new, empty DATA_DIR.`);
    unlock = lockDataDir(config.dataDir);
    database = await openPglite(config.dataDir);
  }
  try {
    const s = await restoreBackup(fs.createReadStream(file), { database, storage, authSecretFile: path.join(config.dataDir, 'auth-secret') });
    console.log(`Restored ${file} into the ${database.kind === 'postgres' ? 'PostgreSQL database of DATABASE_URL' : `embedded database in ${config.dataDir}`}`);
    console.log(`  ${s.tables.length} tables, ${totalRows(s.tables)} rows: every count and checksum matches the backup`);
    if (s.documents) console.log(`  documents: ${s.documents.stored.length} restored, each size and sha256 checked`);
    const secretFile = path.join(config.dataDir, 'auth-secret');
    if (s.authSecret && database.kind === 'pglite') console.log(`  auth secret: written to ${secretFile}`);
    else if (s.authSecret) console.log(`  auth secret of the backed-up installation: written to ${secretFile}; start with AUTH_SECRET="$(cat ${secretFile})"`);
    else if (!config.authSecret) console.log('  set AUTH_SECRET to the secret of the installation that made the backup, or sessions and authenticators will not work');
    console.log(`  done in ${seconds(started)}. Start the portal with the same settings: npm start`);
  } finally {
    await database.close();
    unlock();
  }
}

async function move(config: Config, to: string | undefined) {
  if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new BackupError(`Where to? ${USAGE}`);
  const started = performance.now();
  const embedded = await openEmbedded(config.dataDir);
  if (!embedded) throw new BackupError(`The portal is running on ${config.dataDir}. Stop it first: the move needs the embedded database to itself, so that nothing changes while it is copied.`);
  const source = embedded.database;
  const target = await openPostgres(to, { max: 2 });
  try {
    const sink = loaderSink(target);
    const manifest = await readSnapshot(source, sink);
    const tables = await sink.loader()!.finish();
    const secretFile = path.join(config.dataDir, 'auth-secret');
    console.log(`Moved the embedded database in ${config.dataDir} to ${to.replace(/(\/\/[^:@/]*):[^@/]*@/, '$1:***@')}`);
    console.log(`  ${manifest.tables.length} tables, ${totalRows(tables)} rows${manifest.sequences.length > 0 ? ', sequences set' : ''}: every count and checksum matches, in ${seconds(started)}`);
    console.log(`  documents stay in ${path.join(config.dataDir, 'files')}`);
    console.log('\nNext: start the portal on PostgreSQL with these settings (and keep DATA_DIR for the documents):');
    console.log(`  DATABASE_URL=${to}`);
    if (config.authSecret) console.log('  AUTH_SECRET=<the same AUTH_SECRET as now>');
    else if (fs.existsSync(secretFile)) console.log(`  AUTH_SECRET="$(cat ${secretFile})"   (the secret the embedded installation generated; sessions and authenticators need it)`);
    console.log(`  DATA_DIR=${config.dataDir}`);
    console.log('The embedded database is left as it was; remove it once the portal runs on PostgreSQL.');
  } finally {
    await target.close();
    await source.close();
    embedded.unlock();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env, { forTools: true });
  if (command === 'backup') await backup(config, values.out);
  else if (command === 'restore') await restore(config, arg);
  else if (command === 'move') await move(config, values.to ?? arg);
  else throw new BackupError(`Unknown command ${command}.\n${USAGE}`);
}

main().catch((e: unknown) => {
  if (e instanceof BackupError || e instanceof ConfigError || e instanceof DataDirLockedError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});

/**
 * The embedded database serves one process, so `npm run db:backup` cannot open it while the portal runs. The
 * running portal listens on a Unix socket in its data directory (`DATA_DIR/cargodesk.sock`, mode 0600: only the
 * account that runs it can connect) and writes the backup itself, from its own open database, when the command
 * asks. One request per connection: a JSON line in, a JSON line out.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BackupSummary } from './archive';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'cargodesk.sock');
/** Unix socket paths longer than this are refused by the kernel (sun_path is 108 bytes on Linux). */
const MAX_SOCKET_PATH = 107;

type Request = { op: 'backup'; file: string };
type Reply = { ok: true; summary: BackupSummary } | { ok: false; error: string };

export type ControlServer = { close: () => Promise<void> };

/** Starts the socket, or says why it could not (a path too long for a Unix socket, a folder that refuses it). */
export async function startControlSocket(
  dataDir: string,
  backup: (file: string) => Promise<BackupSummary>,
): Promise<ControlServer | { unavailable: string }> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return { unavailable: `the path ${socketPath} is too long for a Unix socket` };
  // A socket left by a process that ended without closing: the data directory lock is ours, so it is stale.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let input = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n') || input.length > 10_000) return;
      const line = input.slice(0, input.indexOf('\n'));
      input = '\0'; // one request per connection
      void answer(line).then((reply) => conn.end(JSON.stringify(reply) + '\n'));
    });
    conn.on('error', () => undefined);
  });
  const answer = async (line: string): Promise<Reply> => {
    let request: Request;
    try {
      request = JSON.parse(line) as Request;
    } catch {
      return { ok: false, error: 'not a JSON request' };
    }
    if (request.op !== 'backup' || typeof request.file !== 'string' || !path.isAbsolute(request.file)) return { ok: false, error: 'unknown request' };
    try {
      return { ok: true, summary: await backup(request.file) };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (e) {
    server.close();
    return { unavailable: `the socket ${socketPath} could not be opened: ${(e as Error).message}` };
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the portal that holds `dataDir` to write a backup to `file` (an absolute path). */
export function requestBackup(dataDir: string, file: string): Promise<BackupSummary> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(controlSocketPath(dataDir));
    let output = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(JSON.stringify({ op: 'backup', file } satisfies Request) + '\n'));
    conn.on('data', (chunk: string) => (output += chunk));
    conn.on('error', (e) =>
      reject(new Error(`The running portal did not answer on ${controlSocketPath(dataDir)} (${(e as NodeJS.ErrnoException).code ?? e.message}). Stop it and run the backup again.`)),
    );
    conn.on('end', () => {
      try {
        const reply = JSON.parse(output) as Reply;
        if (reply.ok) resolve(reply.summary);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error('The running portal ended the backup without an answer; see its log.'));
      }
    });
  });
}

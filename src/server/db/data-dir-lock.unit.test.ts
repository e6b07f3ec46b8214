import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  it('refuses a second holder while the first runs, with a clear message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-lock-'));
    const lockFile = path.join(dir, 'cargodesk.lock');
    // Another live process (our parent) holds the lock.
    fs.writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
    fs.rmSync(dir, { recursive: true });
  });
  it('takes over a stale lock and releases it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-lock-'));
    const lockFile = path.join(dir, 'cargodesk.lock');
    fs.writeFileSync(lockFile, '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
  it('takes over the lock of a process killed with SIGKILL (a crash), which could not release it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-lock-'));
    const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;
    // A real process takes the lock the way the server does, then dies without cleaning up.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `const { lockDataDir } = await import(${JSON.stringify(lockModule)}); lockDataDir(${JSON.stringify(dir)}); process.kill(process.pid, 'SIGKILL');`],
      { encoding: 'utf8' },
    );
    expect(child.signal).toBe('SIGKILL');
    const left = fs.readFileSync(path.join(dir, 'cargodesk.lock'), 'utf8');
    expect(left).toBe(String(child.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'cargodesk.lock'), 'utf8')).toBe(String(process.pid));
    release();
    fs.rmSync(dir, { recursive: true });
  });
});

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
});

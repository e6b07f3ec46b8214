import { describe, expect, it } from 'vitest';
import { databaseHealth } from './health';

function fakeDatabase(answers: boolean[]) {
  let calls = 0;
  const pending: ((ok: boolean) => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    ping: () =>
      new Promise<boolean>((resolve) => {
        calls++;
        pending.push(resolve);
      }),
    answer: () => pending.shift()!(answers.shift()!),
  };
}

describe('databaseHealth', () => {
  it('shares one ping between concurrent checks and reuses its result within the time to live', async () => {
    const db = fakeDatabase([true]);
    const check = databaseHealth(db, 60_000);
    const all = Promise.all([check(), check(), check()]);
    expect(db.calls).toBe(1);
    db.answer();
    expect(await all).toEqual([true, true, true]);
    expect(await check()).toBe(true);
    expect(db.calls).toBe(1);
  });

  it('pings again once the result is older than the time to live, and reports a failure', async () => {
    const db = fakeDatabase([true, false, true]);
    const check = databaseHealth(db, 0);
    const first = check();
    db.answer();
    expect(await first).toBe(true);
    const second = check();
    expect(db.calls).toBe(2);
    db.answer();
    expect(await second).toBe(false);
    const third = check();
    db.answer();
    expect(await third).toBe(true);
    expect(db.calls).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the microtasks and after a task queued before it, so what follows runs in a task of its own', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    const waited = nextTask().then(() => order.push('after nextTask'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('same task');
    await waited;
    expect(order).toEqual(['same task', 'microtask', 'task queued before', 'after nextTask']);
  });
});

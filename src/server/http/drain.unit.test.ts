import { describe, expect, it } from 'vitest';
import { createDrainGate } from './drain';

describe('createDrainGate (graceful shutdown)', () => {
  it('lets requests in flight finish, refuses new ones with 503, and is idle only after the last one', async () => {
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const gate = createDrainGate<undefined>(async (req) => {
      if (req.url.endsWith('/slow')) await held;
      return new Response('ok', { headers: { 'x-app': 'yes' } });
    });
    const slow = gate.fetch(new Request('http://x/slow'), undefined);
    expect(gate.inFlight()).toBe(1);
    gate.close();
    let idle = false;
    const idling = gate.idle().then(() => (idle = true));

    const refused = await gate.fetch(new Request('http://x/new'), undefined);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({ error: { code: 'unavailable', message: 'The server is restarting. Please try again in a moment.' } });

    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    finish();
    const res = await slow;
    await idling;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('x-app')).toBe('yes');
    expect(res.headers.get('connection')).toBe('close');
    expect(gate.inFlight()).toBe(0);
  });

  it('counts a handler that throws as finished', async () => {
    const gate = createDrainGate<undefined>(async () => {
      throw new Error('boom');
    });
    await expect(gate.fetch(new Request('http://x/'), undefined)).rejects.toThrow('boom');
    expect(gate.inFlight()).toBe(0);
    await gate.idle();
  });
});

import { describe, expect, it } from 'vitest';
import { LONG_THREAD, messagePlan } from '../bench/dataset-messages-sql';

const size = (shipments: number, messages = shipments * 2) => ({ shipments, companies: 10_000, staff: 200, requests: shipments / 5, messages });

describe('the benchmark conversation plan', () => {
  it('puts a tenth of the shipments and requests in threads at the full size, with the one long thread', () => {
    expect(messagePlan(size(1_000_000))).toEqual({ shipmentThreads: 100_000, requestThreads: 20_000, special: true, messages: 2_000_000 });
  });

  it('keeps the full size shape at a tenth of it (SHIPMENTS=100000 with the scaled defaults)', () => {
    expect(messagePlan(size(100_000))).toEqual({ shipmentThreads: 10_000, requestThreads: 2_000, special: true, messages: 200_000 });
  });

  it('refuses a mix whose other threads would come near the long one (2,000,000 messages over 12,000 threads)', () => {
    expect(() => messagePlan(size(100_000, 2_000_000))).toThrow(`besides the one of ${LONG_THREAD}: set MESSAGES lower`);
  });

  it('has no conversation without messages', () => {
    expect(messagePlan(size(1_000, 0))).toBeNull();
  });
});

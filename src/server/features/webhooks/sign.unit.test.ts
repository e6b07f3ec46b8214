/** The library the server signs with (standardwebhooks) against the published example and our own reading of the spec. */
import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSecret } from './service';

describe('signing', () => {
  it('gives the published example signature', () => {
    expect(new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('signs with a fresh 32-byte secret as HMAC-SHA256 over id.timestamp.body', () => {
    const secret = newSecret();
    const body = '{"type":"shipment.created","data":{}}';
    const own = crypto.createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`msg_1.1700000000.${body}`).digest('base64');
    expect(new Webhook(secret).sign('msg_1', new Date(1700000000 * 1000), body)).toBe(`v1,${own}`);
  });
});

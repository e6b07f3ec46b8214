import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressProblem, parseAllowedNetworks, parseCidr, parseIp, webhookInputSchema, webhookUrlProblem, WEBHOOK_MESSAGES, type NetworkPolicy } from './schema';

const dev: NetworkPolicy = { production: false, allowed: [] };
const prod: NetworkPolicy = { production: true, allowed: [] };
const problem = (ip: string, policy = prod) => addressProblem(parseIp(ip)!, policy);

describe('webhook addresses', () => {
  it('wants https, allows plain http only outside production, and no credentials', () => {
    expect(webhookUrlProblem('https://erp.example.com/hooks/cargodesk', prod)).toBeNull();
    expect(webhookUrlProblem('http://erp.example.com/hook', prod)).toBe(WEBHOOK_MESSAGES.https);
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', dev)).toBeNull();
    expect(webhookUrlProblem('ftp://example.com/', dev)).toBe(WEBHOOK_MESSAGES.url);
    expect(webhookUrlProblem('not a url', dev)).toBe(WEBHOOK_MESSAGES.url);
    expect(webhookUrlProblem('https://a:b@example.com/', prod)).toBe(WEBHOOK_MESSAGES.credentials);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2000)}`, prod)).toBe(WEBHOOK_MESSAGES.tooLong);
  });

  it('keeps the chosen events in a stable order and refuses none or unknown ones', () => {
    expect(webhookInputSchema.parse({ url: 'https://x.example', events: ['quote_sent', 'shipment_created'] }).events).toEqual(['shipment_created', 'quote_sent']);
    expect(webhookInputSchema.safeParse({ url: 'https://x.example', events: [] }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.events);
    expect(webhookInputSchema.safeParse({ url: 'https://x.example', events: ['invoice_paid'] }).error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.event);
  });
});

describe('IP parsing', () => {
  it('reads IPv4 and IPv6 forms, including compressed and dotted tails', () => {
    expect(parseIp('192.0.2.1')).toEqual({ version: 4, bytes: [192, 0, 2, 1] });
    expect(parseIp('::1')!.bytes).toEqual([...Array(15).fill(0), 1]);
    expect(parseIp('[2001:db8::8a2e:370:7334]')!.bytes.slice(0, 4)).toEqual([0x20, 0x01, 0x0d, 0xb8]);
    expect(parseIp('::ffff:10.0.0.1')!.bytes.slice(10)).toEqual([0xff, 0xff, 10, 0, 0, 1]);
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', '1::2::3', 'fe80::1%eth0', '12345::', 'example.com', '']) expect(parseIp(bad), bad).toBeNull();
  });

  it('reads CIDRs and refuses host bits, bad prefixes and junk', () => {
    expect(parseCidr('10.20.0.0/16')).toEqual({ ip: { version: 4, bytes: [10, 20, 0, 0] }, prefix: 16 });
    expect(parseCidr('fd12:3456::/32')?.prefix).toBe(32);
    expect(parseCidr('203.0.113.7')?.prefix).toBe(32);
    for (const bad of ['10.20.0.1/16', '10.0.0.0/33', '::/129', '10.0.0.0/x', '10.0.0.0/8/1']) expect(parseCidr(bad), bad).toBeNull();
    expect(parseAllowedNetworks(' 10.1.0.0/16, fd00::/8 ')).toMatchObject({ networks: [{ prefix: 16 }, { prefix: 8 }] });
    expect(parseAllowedNetworks('10.1.0.0/16,nonsense')).toEqual({ bad: 'nonsense' });
    expect(parseAllowedNetworks(undefined)).toEqual({ networks: [] });
  });
});

describe('network rules', () => {
  it('blocks private, link-local, metadata and reserved addresses in both families', () => {
    const cases: [string, string][] = [
      ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'], ['100.64.0.1', 'private'],
      ['169.254.169.254', 'metadata'], ['169.254.170.2', 'metadata'], ['100.100.100.200', 'metadata'], ['fd00:ec2::254', 'metadata'],
      ['169.254.1.1', 'link-local'], ['fe80::1', 'link-local'], ['fc00::1', 'private'], ['fd12:3456::1', 'private'],
      ['127.0.0.1', 'loopback'], ['127.8.9.10', 'loopback'], ['::1', 'loopback'], ['0.0.0.0', 'reserved'], ['::', 'reserved'],
      ['224.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['ff02::1', 'reserved'],
      // IPv4 inside IPv6: mapped, and NAT64.
      ['::ffff:169.254.169.254', 'metadata'], ['::ffff:a00:1', 'private'], ['64:ff9b::10.0.0.1', 'private'],
    ];
    for (const [ip, reason] of cases) expect(problem(ip), ip).toBe(reason);
  });

  it('blocks private, loopback, link-local and metadata IPv4 addresses in every IPv6 embedding, dotted or in hex (issue 37)', () => {
    // Each embedding of 127.0.0.1, 10.0.0.1, 192.168.1.1, 169.254.1.1 and 169.254.169.254, written dotted and in hex.
    const embeddings: [string, (dotted: string, hex: string) => string][] = [
      ['IPv4-mapped ::ffff:0:0/96', (d, h) => `::ffff:${d}|::ffff:${h}|0:0:0:0:0:ffff:${h}`],
      ['IPv4-translated ::ffff:0:0:0/96 (RFC 2765)', (d, h) => `::ffff:0:${d}|::ffff:0:${h}|0:0:0:0:ffff:0:${h}`],
      ['IPv4-compatible ::a.b.c.d', (d, h) => `::${d}|::${h}`],
      ['NAT64 64:ff9b::/96', (d, h) => `64:ff9b::${d}|64:ff9b::${h}`],
      ['NAT64 local-use 64:ff9b:1::/48 (RFC 8215)', (d, h) => `64:ff9b:1::${d}|64:ff9b:1::${h}|64:ff9b:1:ab:cd::${h}`],
      ['6to4 2002::/16', (_d, h) => `2002:${h}::|2002:${h}::1|2002:${h}:ab::cd`],
    ];
    const inner: [string, string, string][] = [
      ['127.0.0.1', '7f00:1', 'loopback'], ['10.0.0.1', 'a00:1', 'private'], ['192.168.1.1', 'c0a8:101', 'private'],
      ['169.254.1.1', 'a9fe:101', 'link-local'], ['169.254.169.254', 'a9fe:a9fe', 'metadata'],
    ];
    for (const [name, write] of embeddings) {
      for (const [dotted, hex, reason] of inner) {
        for (const ip of write(dotted, hex).split('|')) expect(problem(ip), `${name}: ${ip}`).toBe(reason);
      }
      // The same embedding of a public address is let through.
      for (const ip of write('8.8.8.8', '808:808').split('|')) expect(problem(ip), `${name}: ${ip}`).toBeNull();
    }
    // Loopback inside IPv6 is loopback: allowed outside production, as 127.0.0.1 is.
    expect(problem('2002:7f00:1::', dev)).toBeNull();
    expect(problem('2002:a00:1::', dev)).toBe('private');
  });

  it('lets public addresses through, and loopback only outside production', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(problem(ip), ip).toBeNull();
    expect(problem('127.0.0.1', dev)).toBeNull();
    expect(problem('::1', dev)).toBeNull();
    expect(problem('10.0.0.1', dev)).toBe('private');
    expect(problem('169.254.169.254', dev)).toBe('metadata');
  });

  it('lets an operator allow a network, and only that network', () => {
    const policy: NetworkPolicy = { production: true, allowed: [parseCidr('10.20.0.0/16')!, parseCidr('fd12::/16')!] };
    expect(problem('10.20.3.4', policy)).toBeNull();
    expect(problem('10.21.0.1', policy)).toBe('private');
    expect(problem('fd12:1::5', policy)).toBeNull();
    expect(problem('fd13::5', policy)).toBe('private');
    expect(problem('::ffff:10.20.0.9', policy)).toBeNull();
  });
});

describe('Standard Webhooks signature', () => {
  /** Our reading of the spec's scheme: v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the base64-decoded secret>. */
  const sign = (secret: string, id: string, ts: number, body: string) =>
    `v1,${crypto.createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${ts}.${body}`).digest('base64')}`;

  it('matches the published example of the reference libraries', () => {
    // standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts ("sign function works").
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('the Webhooks page', () => {
  it('opens for admins and customers; other staff go to the dashboard', async () => {
    const { pageRedirect } = await import('@domain/access/navigation');
    expect(pageRedirect('/webhooks', 'admin')).toBeNull();
    expect(pageRedirect('/webhooks', 'customer')).toBeNull();
    expect(pageRedirect('/webhooks', 'export')).toBe('/dashboard');
    expect(pageRedirect('/webhooks', 'import')).toBe('/dashboard');
  });
});

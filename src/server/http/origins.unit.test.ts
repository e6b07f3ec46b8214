import { describe, expect, it } from 'vitest';
import { isTrustedOrigin, linkBase, listenAddresses, machineHosts, ownHostsOf, requestOrigin, trustedOrigins, type OriginPolicy } from './origins';

// Issue 19: without PUBLIC_URL the portal works at any address it is opened by; with it, only there and ALLOWED_ORIGINS.

const at = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: 'POST', headers });
/** This machine: cargo-pc on the office network at 192.168.1.20 (and fe80::1 on the same link). */
const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }, { address: '::1', family: 'IPv6', internal: true }],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
};
const machine = ownHostsOf('cargo-pc', interfaces);
const office: OriginPolicy = { fixed: ['http://localhost:3000'], sameOrigin: true, trustProxy: false, ownHost: (h) => machine.has(h) };
const fixed: OriginPolicy = { fixed: ['https://portal.example.com', 'https://cargo.example.com'], sameOrigin: false, trustProxy: true };

describe('requestOrigin', () => {
  it('is the scheme, host and port the request was addressed to', () => {
    expect(requestOrigin(at('http://192.168.1.20:3000/api/auth/sign-in/email'), false)).toBe('http://192.168.1.20:3000');
    expect(requestOrigin(at('http://[::1]:3000/api/x'), false)).toBe('http://[::1]:3000');
  });
  it("reads the proxy's X-Forwarded-Proto and -Host (first hop) only when the proxy is trusted", () => {
    const behind = at('http://10.0.0.7:3000/api/x', { 'x-forwarded-host': 'portal.example.com, evil.example', 'x-forwarded-proto': 'https' });
    expect(requestOrigin(behind, true)).toBe('https://portal.example.com');
    expect(requestOrigin(behind, false)).toBe('http://10.0.0.7:3000');
  });
});

describe('isTrustedOrigin', () => {
  it('without PUBLIC_URL trusts the address the page was opened at, never another site', () => {
    for (const url of ['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://cargo-pc.local:3000']) {
      expect(isTrustedOrigin(office, url, at(`${url}/api/shipments`)), url).toBe(true);
    }
    expect(isTrustedOrigin(office, 'http://localhost:3000', at('http://192.168.1.20:3000/api/x'))).toBe(true);
    expect(isTrustedOrigin(office, 'https://evil.example', at('http://192.168.1.20:3000/api/x'))).toBe(false);
    expect(isTrustedOrigin(office, 'http://192.168.1.20:3001', at('http://192.168.1.20:3000/api/x'))).toBe(false);
    expect(isTrustedOrigin(office, undefined, at('http://192.168.1.20:3000/api/x'))).toBe(false);
  });
  it("without PUBLIC_URL never trusts a host that is not the machine's own, whatever the client sends (issue 37)", () => {
    // A client that sends Host: attacker.example (and the matching Origin) addresses a host that is not this machine.
    for (const url of ['http://attacker.example', 'http://attacker.example:3000', 'http://10.9.9.9:3000', 'http://cargo-pc.attacker.example:3000']) {
      expect(isTrustedOrigin(office, url, at(`${url}/api/shipments`)), url).toBe(false);
      expect(trustedOrigins(office, at(`${url}/api/shipments`)), url).toEqual(office.fixed);
    }
    // Behind our proxy, a forwarded host is held to the same rule.
    const forwarded = at('http://127.0.0.1:3000/api/x', { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(isTrustedOrigin({ ...office, trustProxy: true }, 'https://attacker.example', forwarded)).toBe(false);
    // The machine's own names and addresses keep working without configuration, IPv6 too.
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://CARGO-PC:3000', 'http://cargo-pc.local:3000', 'http://[fe80::1]:3000']) {
      expect(isTrustedOrigin(office, new URL(url).origin, at(`${url}/api/shipments`)), url).toBe(true);
    }
  });
  it('with PUBLIC_URL trusts it and ALLOWED_ORIGINS only, whatever address the request came to', () => {
    expect(isTrustedOrigin(fixed, 'https://portal.example.com', at('http://10.0.0.7:3000/api/x'))).toBe(true);
    expect(isTrustedOrigin(fixed, 'https://cargo.example.com', at('http://10.0.0.7:3000/api/x'))).toBe(true);
    expect(isTrustedOrigin(fixed, 'http://10.0.0.7:3000', at('http://10.0.0.7:3000/api/x'))).toBe(false);
    expect(trustedOrigins(fixed, at('http://10.0.0.7:3000/api/x'))).toEqual(fixed.fixed);
  });
});

describe('linkBase and listenAddresses', () => {
  it('mail links follow the request without PUBLIC_URL, and PUBLIC_URL with it', () => {
    expect(linkBase(office, 'http://localhost:3000', at('http://192.168.1.20:3000/api/shipments'))).toBe('http://192.168.1.20:3000');
    expect(linkBase(fixed, 'https://portal.example.com', at('http://10.0.0.7:3000/api/shipments'))).toBe('https://portal.example.com');
  });
  it("never starts a link with a host that is not the machine's own (issue 37)", () => {
    expect(linkBase(office, 'http://localhost:3000', at('http://attacker.example/api/messages'))).toBe('http://localhost:3000');
    expect(linkBase(office, 'http://localhost:3000', at('http://attacker.example:3000/api/messages'))).toBe('http://localhost:3000');
    expect(linkBase(office, 'http://localhost:3000', at('http://127.0.0.1:3000/api/messages'))).toBe('http://127.0.0.1:3000');
  });
  it("reads the machine's hosts again when an unknown one comes after 30 s (a new address from DHCP)", () => {
    let clock = 0;
    let addresses = ['192.168.1.20'];
    let reads = 0;
    const own = machineHosts(
      () => {
        reads++;
        return ownHostsOf('cargo-pc.office.example', { eth0: addresses.map((address) => ({ address, family: 'IPv4', internal: false })) });
      },
      () => clock,
    );
    expect(['localhost', '127.0.0.1', '::1', '[::1]', '192.168.1.20', 'cargo-pc', 'cargo-pc.office.example', 'cargo-pc.local'].every(own)).toBe(true);
    expect(own('attacker.example')).toBe(false);
    addresses = ['192.168.1.21'];
    clock = 10_000;
    expect(own('192.168.1.21')).toBe(false); // not read again within 30 s
    clock = 31_000;
    expect(own('192.168.1.21')).toBe(true);
    expect(reads).toBe(2);
  });
  it('lists localhost, the loopback address and every external IPv4 address for a wildcard host', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
    };
    expect(listenAddresses('0.0.0.0', 3000, interfaces)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.20:3000']);
    expect(listenAddresses('127.0.0.1', 3000, interfaces)).toEqual(['http://127.0.0.1:3000']);
  });
});

import { describe, expect, it } from 'vitest';
import { containerRequestFrom, embedUrlForContainer, trackerMessageSchema, trackerOrigin, showsTrackingMap, trackerSandbox } from './tracking-schema';
import { trackingEmbedUrl } from './index';

const EMBED = 'https://tracker.example/embed?container=MSKU1234567&lang=en';

describe('trackerOrigin', () => {
  it('is the origin of an http(s) address', () => {
    expect(trackerOrigin(EMBED)).toBe('https://tracker.example');
    expect(trackerOrigin('http://localhost:8080/map/ABC')).toBe('http://localhost:8080');
  });

  it('is null without a tracker or for other schemes and garbage', () => {
    expect(trackerOrigin(null)).toBeNull();
    expect(trackerOrigin(undefined)).toBeNull();
    expect(trackerOrigin('')).toBeNull();
    expect(trackerOrigin('javascript:alert(1)')).toBeNull();
    expect(trackerOrigin('data:text/html,<b>x</b>')).toBeNull();
    expect(trackerOrigin('not a url')).toBeNull();
  });
});

describe('containerRequestFrom (the postMessage origin filter)', () => {
  const message = { type: 'load-container', container: 'MSCU7654321' };

  it('follows a valid message from the tracker’s own origin', () => {
    expect(containerRequestFrom({ origin: 'https://tracker.example', data: message }, EMBED)).toBe('MSCU7654321');
    expect(containerRequestFrom({ origin: 'https://tracker.example', data: { ...message, container: '  HLXU1112223 ' } }, EMBED)).toBe('HLXU1112223');
  });

  it('accepts the same message as a JSON string and ignores extra keys', () => {
    expect(containerRequestFrom({ origin: 'https://tracker.example', data: JSON.stringify(message) }, EMBED)).toBe('MSCU7654321');
    expect(containerRequestFrom({ origin: 'https://tracker.example', data: { ...message, zoom: 4 } }, EMBED)).toBe('MSCU7654321');
  });

  it('ignores every other origin, including look-alikes, other ports, schemes and our own page', () => {
    for (const origin of [
      'https://evil.example',
      'https://tracker.example.evil.example',
      'https://evil.example/tracker.example',
      'http://tracker.example',
      'https://tracker.example:8443',
      'https://sub.tracker.example',
      'null',
      '',
      'http://localhost:3000',
    ]) {
      expect(containerRequestFrom({ origin, data: message }, EMBED), origin).toBeNull();
    }
  });

  it('ignores everything when no tracker is configured', () => {
    expect(containerRequestFrom({ origin: 'https://tracker.example', data: message }, null)).toBeNull();
    expect(containerRequestFrom({ origin: 'null', data: message }, 'not a url')).toBeNull();
  });

  it('ignores messages of another shape or with an unsafe code', () => {
    const from = (data: unknown) => containerRequestFrom({ origin: 'https://tracker.example', data }, EMBED);
    expect(from({ type: 'resize', height: 400 })).toBeNull();
    expect(from({ type: 'load-container' })).toBeNull();
    expect(from({ type: 'load-container', container: 42 })).toBeNull();
    expect(from({ type: 'LOAD-CONTAINER', container: 'MSKU1234567' })).toBeNull();
    expect(from({ type: 'load-container', container: 'AB' })).toBeNull();
    expect(from({ type: 'load-container', container: 'A'.repeat(36) })).toBeNull();
    expect(from({ type: 'load-container', container: 'MSKU123"><script>' })).toBeNull();
    expect(from({ type: 'load-container', container: '../../admin' })).toBeNull();
    expect(from({ type: 'load-container', container: 'https://evil.example/x' })).toBeNull();
    expect(from('MSKU1234567')).toBeNull();
    expect(from('{"type":"load-container"')).toBeNull();
    expect(from(null)).toBeNull();
    expect(from(undefined)).toBeNull();
  });
});

describe('trackerMessageSchema', () => {
  it('accepts container and bill-of-lading codes with inner separators', () => {
    for (const container of ['MSKU1234567', 'MEDU-AB123456', 'BL/2026/0042', 'ABCD.12']) {
      expect(trackerMessageSchema.safeParse({ type: 'load-container', container }).success, container).toBe(true);
    }
  });
});

describe('embedUrlForContainer', () => {
  it('replaces the current code in the path, query and fragment', () => {
    expect(embedUrlForContainer(EMBED, 'MSKU1234567', 'MSCU7654321')).toBe('https://tracker.example/embed?container=MSCU7654321&lang=en');
    expect(embedUrlForContainer('https://t.example/c/MSKU1/#MSKU1', 'MSKU1', 'HLXU9')).toBe('https://t.example/c/HLXU9/#HLXU9');
  });

  it('works on the address the server builds, with URL-encoded codes', () => {
    const url = trackingEmbedUrl('https://tracker.example/map?c={container}', ' BL/2026 42 ')!;
    expect(url).toBe('https://tracker.example/map?c=BL%2F2026%2042');
    expect(embedUrlForContainer(url, 'BL/2026 42', 'BL/2026/43')).toBe('https://tracker.example/map?c=BL%2F2026%2F43');
  });

  it('never touches the origin and refuses addresses without the current code', () => {
    expect(embedUrlForContainer('https://abc.example/track?c=ABC', 'ABC', 'XYZ')).toBe('https://abc.example/track?c=XYZ');
    expect(embedUrlForContainer(EMBED, 'HLXU0000000', 'MSCU7654321')).toBeNull();
    expect(embedUrlForContainer('javascript:MSKU1234567', 'MSKU1234567', 'X')).toBeNull();
    expect(embedUrlForContainer(EMBED, '   ', 'X')).toBeNull();
  });
});

describe('trackerSandbox', () => {
  it('lets a foreign tracker run its scripts with its own storage, never top navigation or forms', () => {
    const flags = trackerSandbox(EMBED, 'https://portal.example').split(' ');
    expect(flags).toEqual(['allow-scripts', 'allow-same-origin', 'allow-popups', 'allow-popups-to-escape-sandbox']);
    expect(flags.some((f) => f.includes('top-navigation') || f === 'allow-forms')).toBe(false);
  });

  it('drops same-origin for a tracker on the page’s own origin (scripts + same-origin would escape the sandbox)', () => {
    expect(trackerSandbox('https://portal.example/tracker?c=X', 'https://portal.example')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
  });
});

describe('showsTrackingMap', () => {
  const on = { trackable: true, customer_reference: 'MSKU1100813' };
  it('shows the map only for a trackable shipment with a BL Number', () => {
    expect(showsTrackingMap(on, 'staff', 'air')).toBe(true);
    expect(showsTrackingMap({ ...on, trackable: false }, 'staff', 'sea')).toBe(false);
    expect(showsTrackingMap({ ...on, customer_reference: null }, 'staff', 'sea')).toBe(false);
  });
  it('shows customers the Container Tracking map for trackable sea shipments only', () => {
    expect(showsTrackingMap(on, 'customer', 'sea')).toBe(true);
    expect(showsTrackingMap({ ...on, trackable: false }, 'customer', 'sea')).toBe(false);
    expect(showsTrackingMap(on, 'customer', 'land')).toBe(false);
  });
});

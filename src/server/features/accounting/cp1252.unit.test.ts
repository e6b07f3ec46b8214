import { describe, expect, it } from 'vitest';
import { encodeCp1252 } from './cp1252';

describe('Windows-1252', () => {
  it('writes ü as 0xFC, € as 0x80 and ASCII as itself', () => {
    expect([...encodeCp1252('Müller €')]).toEqual([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80]);
  });

  it('agrees with the WHATWG decoder on every byte it writes', () => {
    // Node 24's TextDecoder follows the Encoding Standard (Node 20's decoded 0x80-0x9F as ISO-8859-1).
    const decoder = new TextDecoder('windows-1252');
    for (let byte = 0x20; byte < 0x100; byte++) {
      if ([0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(byte)) continue;
      const ch = decoder.decode(Uint8Array.of(byte));
      expect([...encodeCp1252(ch)], `byte 0x${byte.toString(16)} (${ch})`).toEqual([byte]);
    }
  });

  it('writes ? for what the set does not hold: Turkish ş and ğ, an emoji', () => {
    expect(encodeCp1252('İş ğ 🚢').toString('latin1')).toBe('?? ? ?');
  });
});

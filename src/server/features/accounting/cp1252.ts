/**
 * Windows-1252, the character set DATEV reads a file in unless it starts with a byte order mark: ISO-8859-1 but for
 * bytes 0x80 to 0x9F, which hold the characters below (the WHATWG Encoding Standard's index-windows-1252; the five
 * bytes it leaves to C1 controls are not written). A character the set does not hold becomes "?": DATEV would refuse
 * the file otherwise. cp1252.unit.test.ts checks the table against Node's own decoder.
 */
const HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];
const TABLE: ReadonlyMap<number, number> = new Map(HIGH.flatMap((code, i) => (code >= 0xa0 ? [[code, 0x80 + i] as const] : [])));

const QUESTION_MARK = 0x3f;

/** The text's bytes in Windows-1252. */
export function encodeCp1252(text: string): Buffer {
  const out = Buffer.allocUnsafe(text.length);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out[n++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (TABLE.get(code) ?? QUESTION_MARK);
  }
  return out.subarray(0, n);
}

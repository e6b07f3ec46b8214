import { describe, expect, it } from 'vitest';
import { parsePo, poMessages, writePo } from './po';

describe('PO catalogs', () => {
  it('reads what it writes, with quotes, backslashes, new lines and ICU plurals', () => {
    const entries = [
      { id: 'Sign in', translation: 'Giriş yap', references: ['src/web/features/auth/SignInPage.tsx'] },
      { id: 'Say "hi" \\ there', translation: '"Merhaba" de \\ orada', references: [] },
      { id: 'Line one\nLine two', translation: 'Birinci satır\nİkinci satır', references: ['a.ts', 'b.ts'] },
      { id: '{count, plural, one {# shipment} other {# shipments}}', translation: '{count, plural, one {# gönderi} other {# gönderi}}', references: [] },
      { id: 'Not translated yet', translation: '', references: [] },
    ];
    const text = writePo('tr', entries);
    expect(text).toContain('"Language: tr\\n"');
    expect(parsePo(text)).toEqual(entries);
    expect(poMessages(text)).toEqual({
      'Sign in': 'Giriş yap',
      'Say "hi" \\ there': '"Merhaba" de \\ orada',
      'Line one\nLine two': 'Birinci satır\nİkinci satır',
      '{count, plural, one {# shipment} other {# shipments}}': '{count, plural, one {# gönderi} other {# gönderi}}',
    });
  });

  it('refuses a line it cannot read instead of losing a translation', () => {
    expect(() => parsePo('msgid "a"\nmsgstr "b"\nnonsense')).toThrow('Unreadable PO line: nonsense');
  });
});

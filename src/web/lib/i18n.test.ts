import fs from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it, vi } from 'vitest';
import { isSimpleMessage } from '@domain/common/message-finder';
import { poMessages } from '@domain/common/po';
import { loadSourceMessages, t } from './i18n';
import { SOURCE_MESSAGES } from './source-messages';

const TR = poMessages(fs.readFileSync('src/locales/tr.po', 'utf8'));
const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*.po', { import: 'default' });

describe('t (issue 42)', () => {
  it('fills placeholders without the ICU compiler, and keeps an apostrophe', () => {
    expect(t('Shipment {number} saved', { number: 'CD-1' })).toBe('Shipment CD-1 saved');
    expect(t("It's {count}", { count: 3 })).toBe("It's 3");
    expect(t('Save')).toBe('Save');
  });

  it("writes the code's plurals from the table compiled when the app is built", async () => {
    await loadSourceMessages();
    const message = '{count, plural, one {# thing waits for you.} other {# things wait for you.}}';
    expect(t(message, { count: 1 })).toBe('1 thing waits for you.');
    expect(t(message, { count: 3 })).toBe('3 things wait for you.');
    expect(t('{count, plural, one {# day overdue} other {# days overdue}}', { count: 2 })).toBe('2 days overdue');
  });

  it("compiles each of the code's plurals and selects as Lingui's compiler does, and nothing else", () => {
    const icu = Object.keys(TR).filter((id) => !isSimpleMessage(id));
    expect(icu.length).toBeGreaterThan(50);
    expect(Object.keys(SOURCE_MESSAGES).sort()).toEqual(icu.sort());
    for (const id of icu) expect(SOURCE_MESSAGES[id]).toEqual(compileMessage(id));
  });

  it("ships the Turkish catalog's plurals compiled and its other messages as text", async () => {
    const tr = await catalogs['../../locales/tr.po']!();
    expect(Object.keys(tr)).toHaveLength(Object.keys(TR).length);
    for (const [id, text] of Object.entries(TR)) expect(tr[id]).toEqual(isSimpleMessage(text) ? text : compileMessage(text));
    expect(tr['{count, plural, one {# thing waits for you.} other {# things wait for you.}}']).toBeInstanceOf(Array);
  });

  it('shows a plural in no table as written once, then compiled by the compiler it loads for it', async () => {
    const message = '{n, plural, one {# test parcel} other {# test parcels}}';
    expect(SOURCE_MESSAGES[message]).toBeUndefined();
    expect(t(message, { n: 2 })).toBe(message);
    await vi.waitFor(() => expect(t(message, { n: 2 })).toBe('2 test parcels'));
  });
});

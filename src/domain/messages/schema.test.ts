import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES, excerpt, firstUnreadIndex, messageInputSchema, normalizeMessageBody, subjectPath } from './schema';

describe('a message body', () => {
  it('keeps line breaks, makes Windows and old Mac line ends plain, and trims the whole text', () => {
    expect(normalizeMessageBody('  Hello,\r\n\r\nthe B/L is ready.\rThanks  ')).toBe('Hello,\n\nthe B/L is ready.\nThanks');
  });

  it('is refused empty, blank or too long, with its message', () => {
    const problem = (body: unknown) => {
      const r = messageInputSchema.safeParse({ body });
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(problem('')).toBe(MESSAGE_MESSAGES.empty);
    expect(problem(' \n\t ')).toBe(MESSAGE_MESSAGES.empty);
    expect(problem(undefined)).toBe(MESSAGE_MESSAGES.empty);
    expect(problem('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGE_MESSAGES.tooLong);
    expect(problem('x'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(MESSAGE_MESSAGES.tooLong).toBe('A message has at most 4,000 characters');
  });

  it('is public unless marked internal', () => {
    expect(messageInputSchema.parse({ body: 'Hi' })).toEqual({ body: 'Hi', internal: false });
    expect(messageInputSchema.parse({ body: 'Hi', internal: true }).internal).toBe(true);
    expect(messageInputSchema.safeParse({ body: 'Hi', internal: 'yes' }).success).toBe(false);
  });
});

describe('the first unread message', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute)).toISOString();
  const thread = [
    { mine: false, created_at: at(0) },
    { mine: true, created_at: at(5) },
    { mine: false, created_at: at(10) },
    { mine: false, created_at: at(15) },
  ];

  it('is the first message of someone else after the reader’s mark', () => {
    expect(firstUnreadIndex(thread, at(5))).toBe(2);
    expect(firstUnreadIndex(thread, at(12))).toBe(3);
  });

  it('is the first of someone else when the reader never read, and none when all is read or their own', () => {
    expect(firstUnreadIndex(thread, null)).toBe(0);
    expect(firstUnreadIndex(thread, at(15))).toBe(-1);
    expect(firstUnreadIndex([{ mine: true, created_at: at(20) }], at(0))).toBe(-1);
  });
});

describe('an excerpt', () => {
  it('folds whitespace and cuts at a word with an ellipsis', () => {
    expect(excerpt('Line one\n\nline   two')).toBe('Line one line two');
    expect(excerpt('The vessel MSC Gülsün left Ambarli on time this morning', 30)).toBe('The vessel MSC Gülsün left…');
    expect(excerpt('x'.repeat(50), 20)).toBe(`${'x'.repeat(20)}…`);
  });
});

it('links a shipment to the reader’s page and a request under /requests', () => {
  expect(subjectPath('shipment', 'a1')).toBe('/all-shipments/a1');
  expect(subjectPath('shipment', 'a1', true)).toBe('/shipment/a1');
  expect(subjectPath('request', 'b2')).toBe('/requests/b2');
  expect(subjectPath('request', 'b2', true)).toBe('/requests/b2');
});

import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from '@domain/documents/rules';
import { firstUnreadIndex, MESSAGE_MESSAGES, type Message } from '@domain/messages/schema';
import { addPickedFiles, failedFilesText, roleHint, threadMessages } from './thread-view';

const msg = (id: string, created_at: string, mine = false): Message => ({
  id, created_at, mine, author_name: mine ? 'Me' : 'Them', author_is_staff: !mine, body: id, internal: false, attachments: [],
});

describe('threadMessages', () => {
  it('puts the older pages before the newest one, oldest first, each message once', () => {
    const newest = { messages: [msg('c', '2026-03-01T10:02:00Z'), msg('d', '2026-03-01T10:03:00Z')] };
    const older = { messages: [msg('a', '2026-03-01T10:00:00Z'), msg('b', '2026-03-01T10:01:00Z'), msg('c', '2026-03-01T10:02:00Z')] };
    expect(threadMessages([newest, older]).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(threadMessages([])).toEqual([]);
  });
  it('finds the New divider in the combined list: the first message of another author after the last read', () => {
    const list = threadMessages([{ messages: [msg('a', '2026-03-01T10:00:00Z'), msg('b', '2026-03-01T10:05:00Z', true), msg('c', '2026-03-01T10:06:00Z')] }]);
    expect(firstUnreadIndex(list, '2026-03-01T10:01:00Z')).toBe(2);
    expect(firstUnreadIndex(list, null)).toBe(0);
    expect(firstUnreadIndex(list, '2026-03-01T10:06:00Z')).toBe(-1);
  });
});

describe('roleHint', () => {
  it('says who wrote: staff or the customer', () => {
    expect(roleHint({ author_is_staff: true })).toBe('Staff');
    expect(roleHint({ author_is_staff: false })).toBe('Customer');
  });
});

describe('addPickedFiles', () => {
  const file = (name: string, size = 10) => ({ name, size });
  it('adds good files, names refused ones and stops at the limit', () => {
    const current = [file('a.pdf')];
    const picked = [file('b.png'), file('c.exe'), file('big.pdf', MAX_UPLOAD_BYTES), file('d.docx'), file('e.txt')];
    const { files, problems } = addPickedFiles(current, picked, 3, MESSAGE_MESSAGES.tooManyAttachments);
    expect(files.map((f) => f.name)).toEqual(['a.pdf', 'b.png', 'd.docx']);
    expect(problems).toEqual([`c.exe: ${INVALID_FILE_TYPE_MESSAGE}`, `big.pdf: ${FILE_TOO_LARGE_MESSAGE}`, MESSAGE_MESSAGES.tooManyAttachments]);
  });
  it('keeps a file picked twice once', () => {
    expect(addPickedFiles([file('a.pdf')], [file('a.pdf')], 5, 'too many')).toEqual({ files: [file('a.pdf')], problems: [] });
  });
});

describe('failedFilesText', () => {
  it('names each failed file with its reason', () => {
    expect(failedFilesText([{ name: 'a.pdf', message: 'Too late' }, { name: 'b.png', message: 'Gone.' }])).toBe('a.pdf (Too late), b.png (Gone)');
  });
});

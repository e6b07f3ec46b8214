import { describe, expect, it } from 'vitest';
import { contentDisposition, servedContentType, servedDisposition } from './disposition';

describe('servedDisposition', () => {
  it('shows only PDFs and images in place', () => {
    for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'image/gif']) expect(servedDisposition('inline', type)).toBe('inline');
    for (const type of ['text/plain', 'application/msword', 'application/vnd.ms-excel', 'text/html', 'image/svg+xml']) {
      expect(servedDisposition('inline', type)).toBe('attachment');
    }
    expect(servedDisposition('attachment', 'application/pdf')).toBe('attachment');
  });
});

describe('servedContentType', () => {
  it('marks text as UTF-8 and keeps the rest', () => {
    expect(servedContentType('text/plain')).toBe('text/plain; charset=utf-8');
    expect(servedContentType('application/pdf')).toBe('application/pdf');
  });
});

describe('contentDisposition', () => {
  it('gives a plain name both ways', () => {
    expect(contentDisposition('inline', 'invoice 2024.pdf')).toBe(`inline; filename="invoice 2024.pdf"; filename*=UTF-8''invoice%202024.pdf`);
  });
  it('keeps the exact name in filename* and a safe ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Ürün Listesi (v2).pdf')).toBe(
      `attachment; filename="_r_n Listesi (v2).pdf"; filename*=UTF-8''%C3%9Cr%C3%BCn%20Listesi%20%28v2%29.pdf`,
    );
  });
  it('cannot be broken out of by quotes, backslashes, semicolons or line breaks', () => {
    const header = contentDisposition('attachment', 'a"b\\c;d\r\ne\'f*.txt');
    expect(header).toBe(`attachment; filename="a_b_c;d__e'f*.txt"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0Ae%27f%2A.txt`);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
  it('falls back to "download" when nothing ASCII is left', () => {
    expect(contentDisposition('attachment', '')).toMatch(/^attachment; filename="download"; /);
    expect(contentDisposition('attachment', '日本.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
  });
});

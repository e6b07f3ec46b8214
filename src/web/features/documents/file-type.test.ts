import { describe, expect, it } from 'vitest';
import { fileTypeOf } from './file-type';

describe('the Type column label', () => {
  it.each([
    ['Invoice.PDF', 'PDF'],
    ['letter.doc', 'Word'],
    ['letter.docx', 'Word'],
    ['rates.xls', 'Excel'],
    ['rates.xlsx', 'Excel'],
    ['photo.jpg', 'Image'],
    ['photo.jpeg', 'Image'],
    ['scan.png', 'Image'],
    ['anim.gif', 'Image'],
    ['notes.txt', 'Text'],
    ['archive.zip', 'ZIP'],
    ['README', 'File'],
  ])('%s reads %s', (name, label) => {
    expect(fileTypeOf(name).label).toBe(label);
  });
});

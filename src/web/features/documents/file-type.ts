import { msg } from '@domain/common/i18n';
import { fileExtension } from '@domain/documents/rules';

/**
 * The documents page's Type column: a short readable label and a colour per kind of file, by extension.
 * Unlike the type filter (spec section 9 leaves gif out of Images), a gif reads 'Image' here: it is one. The label is
 * the English text, marked for the catalog: the page translates it where it shows it.
 */
export type FileTypeKey = 'pdf' | 'word' | 'excel' | 'image' | 'text' | 'other';

const TYPES: Record<FileTypeKey, { label: string; color: string }> = {
  pdf: { label: 'PDF', color: 'red' },
  word: { label: msg('Word'), color: 'blue' },
  excel: { label: msg('Excel'), color: 'green' },
  image: { label: msg('Image'), color: 'grape' },
  text: { label: msg('Text'), color: 'gray' },
  other: { label: msg('File'), color: 'gray' },
};

const BY_EXTENSION: Record<string, FileTypeKey> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  txt: 'text',
};

export function fileTypeOf(name: string): { key: FileTypeKey; label: string; color: string } {
  const ext = fileExtension(name);
  const key = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : 'other';
  // An unknown extension shows itself ('ZIP') rather than a vague 'File'.
  const label = key === 'other' && ext ? ext.toUpperCase() : TYPES[key].label;
  return { key, label, color: TYPES[key].color };
}

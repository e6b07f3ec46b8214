import { ThemeIcon } from '@mantine/core';
import { IconFile, IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconFileWord, IconPhoto } from '@tabler/icons-react';
import { fileTypeOf, type FileTypeKey } from './file-type';

const ICONS: Record<FileTypeKey, typeof IconFile> = {
  pdf: IconFileTypePdf,
  word: IconFileWord,
  excel: IconFileSpreadsheet,
  image: IconPhoto,
  text: IconFileText,
  other: IconFile,
};

/** A small coloured icon for a file, by its extension. */
export function FileTypeIcon({ name, size = 'lg' }: { name: string; size?: 'md' | 'lg' }) {
  const type = fileTypeOf(name);
  const Icon = ICONS[type.key];
  return (
    <ThemeIcon variant="light" color={type.color} size={size} radius="md" aria-hidden>
      <Icon size={size === 'lg' ? 18 : 15} />
    </ThemeIcon>
  );
}

import { useRef, useState } from 'react';
import { Button, FileButton, Group, Pill, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { UPLOAD_ACCEPT } from '@domain/documents/rules';
import { t } from '@web/lib/i18n';
import { addPickedFiles } from './thread-view';

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** At most this many files. */
  max: number;
  /** The message when more are picked than `max`. */
  tooMany: string;
  /** The button's text ('Attach files'); the file input's accessible name too. */
  label: string;
  disabled?: boolean;
};

/**
 * Choosing files to send with something else (a message, a new request): the types and size the document upload
 * takes, checked before anything is sent. The chosen files show as removable pills; a refused one is named in red.
 */
export function FilePicker({ files, onChange, max, tooMany, label, disabled }: Props) {
  const [problems, setProblems] = useState<string[]>([]);
  const resetRef = useRef<() => void>(null);
  const pick = (picked: File[]) => {
    const next = addPickedFiles(files, picked, max, tooMany);
    setProblems(next.problems);
    onChange(next.files);
    resetRef.current?.(); // the same file can be chosen again after removing it
  };
  const remove = (file: File) => {
    setProblems([]);
    onChange(files.filter((f) => f !== file));
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={pick} multiple accept={UPLOAD_ACCEPT} resetRef={resetRef} disabled={disabled || files.length >= max} inputProps={{ 'aria-label': label }}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconPaperclip size={14} />} disabled={disabled || files.length >= max}>
              {label}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {files.length > 0 ? t('{count} of {max} files', { count: files.length, max }) : t('Up to {max} files: PDF, Word, Excel, text or images', { max })}
        </Text>
      </Group>
      {files.length > 0 && (
        <Group gap={6} wrap="wrap" data-testid="picked-files">
          {files.map((file) => (
            <Pill
              key={`${file.name}-${file.size}`}
              withRemoveButton={!disabled}
              onRemove={() => remove(file)}
              // Mantine hides the remove button from the keyboard and screen readers (an input's pills); here it is the only way.
              removeButtonProps={{ 'aria-label': t('Remove {name}', { name: file.name }), 'aria-hidden': false, tabIndex: 0 }}
              maw="100%"
              title={file.name}
            >
              {file.name}
            </Pill>
          ))}
        </Group>
      )}
      {problems.length > 0 && (
        <Stack gap={2} role="alert">
          {problems.map((p) => (
            <Text key={p} fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              {p}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** How far the chosen files have gone up ('Attaching files', 'Uploading files'), while they go. */
export function UploadProgress({ value, label }: { value: number | null; label: string }) {
  if (value === null) return null;
  return (
    <Stack gap={4}>
      <Text fz="xs" c="dimmed">
        {t('{label}… {value}%', { label, value })}
      </Text>
      <Progress value={value} size="sm" radius="xl" aria-label={label} transitionDuration={150} />
    </Stack>
  );
}

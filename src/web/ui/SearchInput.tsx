import { useEffect, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';

/** A search box that reports its value 300 ms after typing stops (lists search on the server). */
export function SearchInput({ value, onChange, placeholder = t('Search...'), label = t('Search'), minWidth = 220 }: { value: string; onChange: (value: string) => void; placeholder?: string; label?: string; minWidth?: number }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={text ? <CloseButton size="sm" aria-label={t('Clear search')} onClick={() => { setText(''); onChange(''); }} /> : null}
      style={{ flex: 1, minWidth }}
    />
  );
}

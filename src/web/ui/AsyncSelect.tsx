import { useMemo, useState } from 'react';
import { Loader, Select, type ComboboxItem, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { t } from '@web/lib/i18n';

export type AsyncOption = { value: string; label: string };

/** Options come filtered from the server: the dropdown shows them as they are. */
const serverFiltered = ({ options }: { options: ComboboxParsedItem[] }) => options;

export const ASYNC_SELECT_DEBOUNCE_MS = 300;

type Props<T> = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'onSearchChange' | 'renderOption'> & {
  /** Cache key of this source (the search term is appended). */
  queryKey: readonly unknown[];
  /** One page of rows for a search term (the caller sends `q` and `pageSize`). */
  fetchRows: (q: string, signal: AbortSignal) => Promise<T[]>;
  toOption: (row: T) => AsyncOption;
  /** The selected option's key, or null. */
  value: string | null;
  /** The label of the current value when it is not among the loaded rows (an edit form's stored value). */
  selected?: AsyncOption | null;
  onChange: (row: T | null, option: AsyncOption | null) => void;
  /** A second line under an option (city and country of an airport, ...). */
  describe?: (row: T) => string | null;
};

/**
 * A searchable select that loads its options from the API as the user types (debounced), one small page at a
 * time: never a download of the whole table. It loads when opened or searched, keeps the selected option's
 * label when the results change, and hands the chosen row to `onChange` (so a form can fill related fields). It opens
 * when clicked or typed in, not by itself; picking the chosen option again keeps it.
 */
export function AsyncSelect<T>({ queryKey, fetchRows, toOption, value, selected, onChange, describe, nothingFoundMessage, ...rest }: Props<T>) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<AsyncOption | null>(null);
  const [term] = useDebouncedValue(search.trim(), ASYNC_SELECT_DEBOUNCE_MS);

  const currentLabel =
    value === null ? null : picked?.value === value ? picked.label : selected?.value === value ? selected.label : value;
  const current = useMemo(() => (value === null || currentLabel === null ? null : { value, label: currentLabel }), [value, currentLabel]);
  // After a choice the input shows its label: that is not a search.
  const q = current && term === current.label.trim() ? '' : term;

  const rows = useQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ signal }) => fetchRows(q, signal),
    enabled: opened || q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

  const { data, byValue, descriptions } = useMemo(() => {
    const byValue = new Map<string, T>();
    const descriptions = new Map<string, string>();
    const options: AsyncOption[] = [];
    for (const row of rows.data ?? []) {
      const option = toOption(row);
      if (byValue.has(option.value)) continue;
      byValue.set(option.value, row);
      const d = describe?.(row);
      if (d) descriptions.set(option.value, d);
      options.push(option);
    }
    if (current && !byValue.has(current.value)) options.unshift(current);
    return { data: options, byValue, descriptions };
  }, [rows.data, toOption, describe, current]);

  const loading = rows.isFetching;
  // The list is about to change while a typed search waits for its debounce or its answer: said to assistive
  // technology (and to tests) with aria-busy on the input.
  const busy = loading || search.trim() !== term;
  return (
    <Select
      {...rest}
      searchable
      clearable={rest.clearable ?? true}
      // Picking the chosen option again keeps it (the clear button clears).
      allowDeselect={rest.allowDeselect ?? false}
      data={data}
      value={value}
      aria-busy={busy}
      filter={serverFiltered}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onChange={(next: string | null, option: ComboboxItem | null) => {
        const chosen = next !== null && option ? { value: option.value, label: option.label } : null;
        setPicked(chosen);
        onChange(next === null ? null : (byValue.get(next) ?? null), chosen);
      }}
      renderOption={
        describe
          ? ({ option }) => (
              <div>
                <div>{option.label}</div>
                {descriptions.get(option.value) && <div style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)' }}>{descriptions.get(option.value)}</div>}
              </div>
            )
          : undefined
      }
      rightSection={loading ? <Loader size={14} /> : rest.rightSection}
      nothingFoundMessage={loading ? t('Searching...') : (nothingFoundMessage ?? t('No matches'))}
    />
  );
}

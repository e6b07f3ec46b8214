import type { ReactNode } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

/** A table header that sorts its list: the arrow shows the current direction; `aria-sort` tells screen readers. */
export function SortableTh({ label, active, dir, onClick, width }: { label: ReactNode; active: boolean; dir: 'asc' | 'desc'; onClick: () => void; width?: number }) {
  const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconArrowUp : IconArrowDown;
  const sort = active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th w={width} aria-sort={sort}>
      <UnstyledButton onClick={onClick} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

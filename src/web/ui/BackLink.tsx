import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The link back to the list a detail page was opened from. */
export function BackLink({ to, label }: { to: '/dashboard' | '/all-shipments' | '/requests' | '/invoices'; label: string }) {
  return (
    <Anchor component={Link} to={to} fz="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {label}
      </Group>
    </Anchor>
  );
}

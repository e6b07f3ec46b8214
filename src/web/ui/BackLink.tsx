import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The link back to the list a detail page was opened from: 44 px tall, a thumb's tap target on a phone (issue 45). */
export function BackLink({ to, label }: { to: '/dashboard' | '/all-shipments' | '/requests' | '/invoices'; label: string }) {
  return (
    <Anchor component={Link} to={to} fz="sm" w="fit-content" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} />
        {label}
      </Group>
    </Anchor>
  );
}

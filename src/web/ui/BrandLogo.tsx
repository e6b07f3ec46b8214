import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShip } from '@tabler/icons-react';

/** The product's name: a name, the same in every language. */
const BRAND = 'Cargodesk';

/** The shipping brand mark used on the auth pages and in the sidebar. */
export function BrandLogo({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const icon = size === 'lg' ? 56 : size === 'md' ? 40 : 32;
  return (
    <Group gap="xs" wrap="nowrap" aria-label={BRAND}>
      <ThemeIcon size={icon} radius="md" variant="gradient" gradient={{ from: 'blue.7', to: 'cyan.5', deg: 135 }}>
        <IconShip size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 28 : size === 'md' ? 22 : 18} c="blue.9" style={{ letterSpacing: -0.5 }}>
        {BRAND}
      </Text>
    </Group>
  );
}

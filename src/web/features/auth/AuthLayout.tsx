import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { BrandLogo } from '@web/ui/BrandLogo';
import { LanguageSwitch } from '@web/ui/LanguageSwitch';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" style={{ background: 'linear-gradient(160deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-0) 60%)' }}>
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="md" radius="lg" p={36} w="100%" maw={440}>
          <Stack gap="lg">
            <Center>
              <BrandLogo size="lg" />
            </Center>
            <Stack gap={4} align="center">
              <Text component="h1" fz={24} fw={700} ta="center" m={0}>
                {title}
              </Text>
              {subtitle && (
                <Text c="dimmed" ta="center" fz="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
            <LanguageSwitch />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

import type { ComponentProps } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';

/** The pencil action of a partner row; `renderLink` renders the typed router Link to the edit page. */
export function EditAction({ name, renderLink }: { name: string; renderLink: (props: ComponentProps<'a'>) => React.ReactNode }) {
  return (
    <Tooltip label={t('Edit')} withArrow>
      <ActionIcon variant="subtle" aria-label={t('Edit {name}', { name })} renderRoot={(props) => renderLink(props as ComponentProps<'a'>)}>
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

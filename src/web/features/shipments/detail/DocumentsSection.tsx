import { Box, Button } from '@mantine/core';
import { IconFiles, IconFileUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { Section } from './DetailParts';

export const NO_DOCUMENTS = 'No documents attached to this shipment';

/**
 * The shipment's documents. The documents feature (upload, assign, view, download) comes with /documents;
 * until it lists assignments here, the section shows its empty state, and staff get 'Add Document'.
 */
export function DocumentsSection({ canAdd }: { canAdd: boolean }) {
  return (
    <Section
      title="Documents"
      icon={<IconFiles size={18} />}
      actions={
        canAdd && (
          <Button component={Link} to="/documents" size="xs" variant="light" leftSection={<IconFileUpload size={14} />}>
            Add Document
          </Button>
        )
      }
    >
      <Box ta="center">
        <EmptyState title={NO_DOCUMENTS} text="Documents assigned to this shipment will be listed here." icon={<IconFiles size={26} />} />
      </Box>
    </Section>
  );
}

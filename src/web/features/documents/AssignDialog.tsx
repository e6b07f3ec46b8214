import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFile } from '@tabler/icons-react';
import type { AssignableShipment } from '@domain/documents/schema';
import { ASSIGN_FAILED_MESSAGE, ASSIGN_SUCCESS_MESSAGE } from '@domain/documents/rules';
import { SHIPMENT_TYPE_LABELS } from '@domain/common/enums';
import { upperCase } from '@domain/common/text';
import { currentLocale, t } from '@web/lib/i18n';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { documentKeys, fetchAssignableShipments, useAssignDocument } from './api';
import type { DocumentRef } from './download';

/** Spec section 9: the assign dialog closes 1.5 s after its success message. */
export const ASSIGN_CLOSE_DELAY_MS = 1500;

/** assignableShipmentLabel's 'reference - company (TYPE)', the type in the reader's language. */
const toOption = (s: AssignableShipment): AsyncOption => ({
  value: s.id,
  label: `${s.reference_number} - ${s.company_name} (${upperCase(t(SHIPMENT_TYPE_LABELS[s.type]), currentLocale())})`,
});

/**
 * 'Assign Document to Shipment' (spec section 2): a searchable shipment select whose choices come from the
 * server (handlers see only their own shipments), 'Assign Document' once one is chosen, 'Assigning...' while
 * saving, then 'Document assigned successfully!' and closing after 1.5 s, or 'Failed to assign document to shipment'.
 */
export function AssignDialog({ file, onClose }: { file: DocumentRef | null; onClose: () => void }) {
  return (
    <Modal opened={!!file} onClose={onClose} title={<Text fw={700}>{t('Assign Document to Shipment')}</Text>} centered size="lg">
      {file && <AssignForm key={file.name} file={file} onClose={onClose} />}
    </Modal>
  );
}

function AssignForm({ file, onClose }: { file: DocumentRef; onClose: () => void }) {
  const [shipmentId, setShipmentId] = useState<string | null>(null);
  const assign = useAssignDocument();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = () => {
    if (!shipmentId) return;
    assign.mutate(
      { name: file.name, shipmentId },
      {
        onSuccess: () => {
          timer.current = setTimeout(onClose, ASSIGN_CLOSE_DELAY_MS);
        },
        onError: (e) => console.error('Assigning the document failed', e),
      },
    );
  };
  const done = assign.isSuccess;

  return (
    <Stack>
      <Text fz="sm">{t('Select a shipment to assign this document to.')}</Text>
      <Group gap="xs" wrap="nowrap" data-testid="assign-document-line">
        <IconFile size={18} style={{ flexShrink: 0 }} />
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {file.original_name}
        </Text>
      </Group>
      <AsyncSelect<AssignableShipment>
        label={t('Shipment')}
        placeholder={t('Select a shipment')}
        queryKey={documentKeys.assignable}
        fetchRows={fetchAssignableShipments}
        toOption={toOption}
        value={shipmentId}
        onChange={(row) => {
          assign.reset();
          setShipmentId(row?.id ?? null);
        }}
        nothingFoundMessage={t('No shipments found')}
        disabled={assign.isPending || done}
        comboboxProps={{ withinPortal: true }}
      />
      {done && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {t(ASSIGN_SUCCESS_MESSAGE)}
        </Alert>
      )}
      {assign.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {t(ASSIGN_FAILED_MESSAGE)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={assign.isPending}>
          {t('Cancel')}
        </Button>
        <Button onClick={submit} disabled={!shipmentId || assign.isPending || done}>
          {assign.isPending ? t('Assigning...') : t('Assign Document')}
        </Button>
      </Group>
    </Stack>
  );
}

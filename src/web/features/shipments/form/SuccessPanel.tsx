import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { routeLabel, type ShipmentDetail } from '@domain/shipments/index';
import { reader, t } from '@web/lib/i18n';
import { shipmentStatusLabel, shipmentTypeText } from '../labels';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** After create (spec section 2): the green panel with the new shipment's reference, type, route and status. */
export function SuccessPanel({ shipment }: { shipment: ShipmentDetail }) {
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      icon={<IconCircleCheck size={22} />}
      title={t('Shipment Created Successfully!')}
      data-testid="shipment-created"
      mb="lg"
      styles={{ title: { fontSize: 18 } }}
    >
      <Stack gap="md">
        <Text>{t('Your shipment has been created and is now being processed.')}</Text>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Fact label={t('Reference Number')} value={shipment.reference_number} testId="created-reference" />
          <Fact label={t('Type')} value={shipmentTypeText(shipment)} testId="created-type" />
          <Fact label={t('Route')} value={routeLabel(shipment, reader())} testId="created-route" />
          <Fact label={t('Status')} value={shipmentStatusLabel(shipment.status)} testId="created-status" />
        </Group>
        <Group>
          <Button component={Link} to="/dashboard" color="green">
            {t('Go to Dashboard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Anchor, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { SHIPMENT_MESSAGES, type ShipmentDetail } from '@domain/shipments/index';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { useUser } from '@web/features/auth';
import { carrierQuery } from '@web/features/carriers';
import { createShipment, invalidateAfterShipmentWrite, shipmentQuery, updateShipment } from './api';
import { blankShipmentForm, formFromShipment } from './form-values';
import { ShipmentForm } from './ShipmentForm';
import { generatedQuery } from '@web/features/generated-documents';
import { printedFieldNotes } from '@domain/generated-documents/schema';
import { SuccessPanel } from './SuccessPanel';
import { can } from '@domain/access/permissions';

function BackLabel({ children }: { children: string }) {
  return (
    <Group gap={4}>
      <IconArrowLeft size={16} />
      {children}
    </Group>
  );
}

/** /shipments/new (spec section 2): create, then the green panel; the form stays visible, dimmed and inactive. */
export function NewShipmentPage() {
  const user = useUser();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ShipmentDetail | null>(null);
  const [initial] = useState(() => blankShipmentForm(user.role));

  const save = async (body: Record<string, unknown>) => {
    const shipment = await createShipment(body);
    setCreated(shipment);
    await invalidateAfterShipmentWrite(queryClient);
  };

  // Once the green panel is on the page (so the browser does not re-anchor the scroll below it), go to the top.
  useEffect(() => {
    if (created) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [created]);

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/my-shipments" fz="sm" w="fit-content">
        <BackLabel>{t('Back to My Shipments')}</BackLabel>
      </Anchor>
      <PageHeader title={t('Create New Shipment')} subtitle={t('Air, sea, land or partial: the type decides which fields apply.')} />
      {created && <SuccessPanel shipment={created} />}
      <ShipmentForm
        mode="create"
        role={user.role}
        initial={initial}
        submitLabel={t('Create Shipment')}
        busyLabel={t('Creating Shipment...')}
        onSave={save}
        done={created !== null}
        cancel={
          <Button variant="default" component={Link} to="/dashboard">
            {t('Cancel')}
          </Button>
        }
      />
    </Stack>
  );
}

/** /shipment/{id}/edit (spec section 2): admins only; the same form filled from the shipment; after saving, its page. */
export function EditShipmentPage() {
  const { id } = useParams({ from: '/app/shipment/$id/edit' });
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = can(user.role, 'shipments:edit');
  const shipment = useQuery({ ...shipmentQuery(id), enabled: admin, staleTime: 0 });
  const initial = useMemo(() => (shipment.data ? formFromShipment(shipment.data, user.role) : null), [shipment.data, user.role]);
  // The stored carrier's own volumetric divisor, for the live chargeable weight (the form opens without waiting for it).
  const carrierId = shipment.data?.carrier_id ?? null;
  const carrier = useQuery({ ...carrierQuery(carrierId ?? ''), enabled: carrierId !== null });
  const storedCarrier = useMemo(() => (carrier.data ? { id: carrier.data.id, divisor: carrier.data.volumetric_divisor } : null), [carrier.data]);
  const names = useMemo(() => {
    const s = shipment.data;
    return s
      ? { company_id: s.company_name, carrier_id: s.carrier_record_name, service_provider_id: s.service_provider_name, consolidation_agent_id: s.consolidation_agent_name }
      : {};
  }, [shipment.data]);

  // The router sends non-admins away before this page loads (with the message); this covers a role change mid-session.
  useEffect(() => {
    if (admin) return;
    notifications.show({ color: 'red', message: t(SHIPMENT_MESSAGES.cannotEdit) });
    void navigate({ to: '/dashboard', replace: true });
  }, [admin, navigate]);

  // Fields printed on a final generated paper say so once edited (issue 16).
  const generated = useQuery({ ...generatedQuery(id), enabled: admin });
  const printedNotes = useMemo(() => printedFieldNotes((generated.data?.rows ?? []).filter((v) => v.final)), [generated.data]);

  const save = async (body: Record<string, unknown>) => {
    const saved = await updateShipment(id, body);
    queryClient.setQueryData(shipmentQuery(id).queryKey, saved);
    await invalidateAfterShipmentWrite(queryClient);
    notifications.show({ color: 'green', title: t('Shipment saved'), message: t('{reference} was updated.', { reference: saved.reference_number }) });
    await navigate({ to: '/shipment/$id', params: { id } });
  };

  const header = (
    <>
      <Anchor renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id }} />} fz="sm" w="fit-content">
        <BackLabel>{t('Back to Shipment')}</BackLabel>
      </Anchor>
      <PageHeader title={t('Edit Shipment')} subtitle={shipment.data ? `${shipment.data.reference_number} · ${shipment.data.company_name}` : undefined} />
    </>
  );
  if (shipment.error) {
    return (
      <Stack gap="md" maw={1200}>
        {header}
        <ErrorBanner error={shipment.error} />
      </Stack>
    );
  }
  if (!shipment.data || !initial) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  const s = shipment.data;
  return (
    <Stack gap="md" maw={1200}>
      {header}
      <ShipmentForm
        key={s.id}
        printedNotes={printedNotes}
        mode="edit"
        role={user.role}
        initial={initial}
        names={names}
        storedCarrier={storedCarrier}
        submitLabel={t('Save Changes')}
        busyLabel={t('Saving Changes...')}
        onSave={save}
        cancel={
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/shipment/$id" params={{ id }} />}>
            {t('Cancel')}
          </Button>
        }
      />
    </Stack>
  );
}

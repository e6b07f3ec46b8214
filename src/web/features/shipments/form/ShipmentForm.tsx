import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Role } from '@domain/common/enums';
import { isBlank, transportOf } from '@domain/shipments/index';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { BasicInfoSection } from './BasicInfoSection';
import { CargoSection } from './CargoSection';
import { ContainersSection } from './ContainersSection';
import { CustomsSection } from './CustomsSection';
import { FinancialSection } from './FinancialSection';
import { sectionMemo, selectValue, useShipmentForm, type PickedCarrier, type SectionProps, type StoredNames } from './form-context';
import { DATE_TIME_FIELDS, MONEY_FIELDS, fieldId, firstFormIssue, toShipmentBody, withoutEmptyPieces, type ShipmentFormState } from './form-values';
import { LocationSection } from './LocationSection';
import { NotesSection } from './NotesSection';
import { PartiesSection } from './PartiesSection';
import { ScheduleSection } from './ScheduleSection';
import { TransportDocumentSection } from './TransportDocumentSection';
import { can } from '@domain/access/permissions';

// Each card re-renders only when its own fields change (see sectionMemo).
const Basic = sectionMemo(BasicInfoSection, [
  'loading_type', 'company_id', 'reference_number', 'customer_reference', 'po_number', 'consolidation_agent_id', 'service_provider_id', 'tracking_',
  'priority', 'trackable', 'carrier_', 'flight_number', 'onward_flights', 'mawb_number', 'hawb_number', 'commodity_item_number', 'vessel_', 'imo_number', 'voyage_number',
  'truck_',
]);
const Location = sectionMemo(LocationSection, ['origin_', 'destination_', 'door_delivery']);
const Schedule = sectionMemo(ScheduleSection, DATE_TIME_FIELDS);
const Cargo = sectionMemo(CargoSection, [
  'cargo_', 'package_type', 'packages_count', 'weight_', 'volume', 'pieces', 'length', 'width', 'height', 'dangerous_goods', 'un_number', 'hazard_class',
  'packing_group', 'tunnel_code', 'temperature_', 'stackable',
]);
const Containers = sectionMemo(ContainersSection, ['containers']);
const Parties = sectionMemo(PartiesSection, ['shipper_', 'consignee_', 'notify_', 'company_id']);
const Customs = sectionMemo(CustomsSection, ['incoterm', 'hs_code', 'customs_']);
const TransportDocument = sectionMemo(TransportDocumentSection, [
  'freight_', 'shipped_on_board_date', 'pre_carriage_by', 'place_of_', 'on_carriage_by', 'marks_and_numbers', 'shipper_account_number',
  'consignee_account_number', 'declared_value_carriage', 'sender_instructions', 'cash_on_delivery', 'special_agreements', 'trailer_plate_number',
  'empty_pickup_depot', 'full_return_depot', 'pickup_terminal', 'free_time_days', 'release_conditions',
]);
const Financial = sectionMemo(FinancialSection, ['currency', 'payment_', ...MONEY_FIELDS]);
const Notes = sectionMemo(NotesSection, ['special_instructions', 'internal_notes']);
const NO_NAMES: StoredNames = {};
/** After a successful create the form stays visible, dimmed and inactive. */
const DIMMED = { opacity: 0.45, pointerEvents: 'none', filter: 'grayscale(0.4)' } as const;

/** Brings the field a message names into view and focuses it. */
function focusField(field: string) {
  const el = document.getElementById(fieldId(field));
  if (!el) {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return;
  }
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}

type Props = {
  mode: 'create' | 'edit';
  role: Role;
  initial: ShipmentFormState;
  names?: StoredNames;
  submitLabel: string;
  busyLabel: string;
  /** Sends the body; throws ApiError on a refusal (its message goes to the banner, its fields to the inputs). */
  onSave: (body: Record<string, unknown>) => Promise<void>;
  /** The Cancel button (a link). */
  cancel: ReactNode;
  /** After a successful create: the form stays visible, dimmed and inactive. */
  done?: boolean;
  /** Edit: the stored carrier with its volumetric divisor (loaded by the page), until another is picked. */
  storedCarrier?: PickedCarrier | null;
  /** Edit: the note of each field printed on a final generated paper (issue 16), shown once the field is changed. */
  printedNotes?: Record<string, string>;
};

/**
 * The one shipment form of create and edit (spec section 2). On submit the checks run in the API's order
 * (firstFormIssue); the first failure shows in the red banner and on its field. The server's 400 and 409
 * answers show the same way. Nothing typed is lost on a refusal.
 */
export function ShipmentForm({ mode, role, initial, names = NO_NAMES, submitLabel, busyLabel, onSave, cancel, done = false, storedCarrier = null, printedNotes }: Props) {
  const form = useShipmentForm(initial, printedNotes);
  const [pickedCarrier, setPickedCarrier] = useState<PickedCarrier | null>(null);
  /** The red banner: a message and the field it names (hidden again once that field is changed). */
  const [banner, setBanner] = useState<{ message: string; field: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const section: SectionProps = { form, mode, initial, names };
  const transport = transportOf({ type: String(form.values.type), transport_mode: selectValue(form.values.transport_mode) });
  const needsLoadingType = can(role, 'shipments:choose_direction') && isBlank(form.values.loading_type);
  // The divisor of the carrier the form holds now (a type change clears the carrier, and with it the divisor).
  const carrier = [pickedCarrier, storedCarrier].find((c) => c !== null && c.id === form.values.carrier_id);
  const carrierDivisor = carrier?.divisor ?? null;

  const footer = { pos: done ? 'static' : 'sticky', noteColor: needsLoadingType ? 'orange' : 'dimmed' } as const;
  const bannerShown = banner !== null && (banner.field === null || form.errors[banner.field] !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done || needsLoadingType) return;
    // Dimension lines left empty are dropped first, so that a message's `pieces.N` is the N-th line on screen.
    const values = withoutEmptyPieces(form.values);
    if (values !== form.values) form.setFieldValue('pieces', values.pieces);
    const issue = firstFormIssue(values, role);
    if (issue) {
      const message = t(issue.message);
      setBanner({ message, field: issue.field });
      form.setErrors({ [issue.field]: message });
      focusField(issue.field);
      return;
    }
    setBanner(null);
    form.clearErrors();
    setBusy(true);
    try {
      await onSave(toShipmentBody(values));
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const fields = Object.fromEntries(Object.entries(apiError?.fields ?? {}).map(([field, message]) => [field, t(message)]));
      const first = Object.keys(fields)[0];
      setBanner({ message: apiError ? t(apiError.message) : t('The shipment could not be saved. Please try again.'), field: first ?? null });
      form.setErrors(fields);
      if (first) focusField(first);
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={mode === 'create' ? t('Create shipment') : t('Edit shipment')}>
      <Box inert={done} style={done ? DIMMED : undefined} data-testid="shipment-form-body" aria-disabled={done || undefined}>
        <ErrorBanner error={bannerShown ? banner.message : null} />
        <Stack gap="lg">
          <Basic {...section} role={role} onCarrierPicked={setPickedCarrier} />
          <Location {...section} side="origin" />
          <Location {...section} side="destination" />
          <Schedule {...section} />
          <Cargo {...section} carrierDivisor={carrierDivisor} />
          {transport === 'sea' && <Containers {...section} />}
          <Parties {...section} />
          <TransportDocument {...section} />
          <Customs {...section} />
          <Financial {...section} />
          <Notes {...section} />
        </Stack>
      </Box>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p="md"
        mt="lg"
        pos={footer.pos}
        bottom={12}
        style={{ zIndex: 5, ...(done ? DIMMED : {}) }}
        inert={done}
      >
        <Group justify="space-between" wrap="wrap">
          <Text fz="sm" c={footer.noteColor}>
            {needsLoadingType ? t('Choose Export or Import under Loading Type to continue.') : t('Fields marked * are required.')}
          </Text>
          <Group gap="sm">
            {cancel}
            <Button type="submit" disabled={busy || done || needsLoadingType} data-testid="shipment-submit">
              {busy ? busyLabel : submitLabel}
            </Button>
          </Group>
        </Group>
      </Paper>
    </form>
  );
}

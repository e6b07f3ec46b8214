import { memo, useEffect, useRef, type ComponentType } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { markedRequiredFields } from '@domain/shipments/index';
import { fieldId, sameValue } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';
import type { ShipmentFormState } from './form-values';

// The form's own files take these here; they live below the form (the request form uses them too).
export { selectValue, text } from '@web/lib/form-fields';

export type ShipmentFormApi = UseFormReturnType<ShipmentFormState>;

/** Names of stored references for the pickers of an edit form (the picker shows them before any search). */
export type StoredNames = Partial<Record<'company_id' | 'carrier_id' | 'service_provider_id' | 'consolidation_agent_id', string | null>>;

/** The carrier chosen in the picker, with its own volumetric divisor (cm³ per kg) when it has one. */
export type PickedCarrier = { id: string; divisor: number | null };
/** The Basic Information card tells the form which carrier was picked (the Cargo card computes with its divisor). */
export type CarrierPickedProps = { onCarrierPicked: (carrier: PickedCarrier | null) => void };

/** What every section receives. */
export type SectionProps = {
  form: ShipmentFormApi;
  mode: 'create' | 'edit';
  /** The values the form opened with (edit: the stored shipment). */
  initial: ShipmentFormState;
  names: StoredNames;
};

/** A trade number's check (containerNumberProblem, mawbProblem...) with its message in the reader's language. */
export const shownProblem =
  (problem: (value: string) => string | null) =>
  (value: string): string | null => {
    const message = problem(value);
    return message === null ? null : t(message);
  };

/** The marked-required paths for the current type and mode; container fields use 'container.<key>'. */
export function requiredPaths(values: ShipmentFormState): Set<string> {
  return new Set(markedRequiredFields(String(values.type), typeof values.transport_mode === 'string' ? values.transport_mode : null));
}

/** A required-field path of the domain list for a form path ('containers.0.type' → 'container.type'). */
const requiredKey = (path: string) => path.replace(/^containers\.\d+\./, 'container.');

/**
 * The shipment form state (@mantine/form). Every input gets a stable DOM id (to focus the field a message
 * names) and the asterisk exactly when the domain marks the field required for the current type.
 */
export function useShipmentForm(initialValues: ShipmentFormState, printedNotes: Record<string, string> = NO_NOTES): ShipmentFormApi {
  // Read at each render of an input, so notes that arrive after the form opened apply from the next edit.
  const notes = useRef(printedNotes);
  useEffect(() => {
    notes.current = printedNotes;
  }, [printedNotes]);
  return useForm<ShipmentFormState>({
    mode: 'controlled',
    initialValues,
    enhanceGetInputProps: ({ field, form, options }) => {
      const path = String(field);
      const note = printedNote(notes.current, path, () => form.isDirty(path));
      // Under the input, so the edited input stays in line with its neighbours.
      const noted = note ? { description: note, inputWrapperOrder: ['label', 'input', 'description', 'error'] } : {};
      return options.type === 'checkbox'
        ? { id: fieldId(path), ...(note && { description: note }) }
        : { id: fieldId(path), withAsterisk: requiredPaths(form.values).has(requiredKey(path)), ...noted };
    },
  });
}

const NO_NOTES: Record<string, string> = {};

/**
 * The note of a field printed on a final generated paper ('Printed on HBL v2, final', issue 16), once its value differs
 * from the one the form opened with; a container's or dimension line's inputs carry the note of the whole list.
 */
export function printedNote(notes: Record<string, string>, path: string, edited: () => boolean): string | undefined {
  const note = notes[path] ?? notes[path.split('.')[0]!];
  return note && edited() ? note : undefined;
}

/**
 * A section that re-renders only when one of its own fields (or errors), the type or the transport mode
 * changes: typing in one input of this long form then renders one card, not all nine.
 * `fields` are field names or prefixes ('origin_' covers every origin field, 'containers' every row).
 */
export function sectionMemo<P extends SectionProps>(Component: ComponentType<P>, fields: readonly string[]) {
  const watched = (key: string) => fields.some((f) => key === f || key.startsWith(f));
  return memo(Component, (a, b) => {
    for (const k of Object.keys(b) as (keyof P)[]) if (k !== 'form' && a[k] !== b[k]) return false;
    const av = a.form.values as Record<string, unknown>;
    const bv = b.form.values as Record<string, unknown>;
    if (av.type !== bv.type || av.transport_mode !== bv.transport_mode) return false;
    for (const key of Object.keys(bv)) if (watched(key) && !sameValue(av[key], bv[key])) return false;
    for (const key of new Set([...Object.keys(a.form.errors), ...Object.keys(b.form.errors)])) {
      if (watched(key) && a.form.errors[key] !== b.form.errors[key]) return false;
    }
    return true;
  });
}

/** The request form's @mantine/form instance: stable input ids, the asterisks the rules ask for, the error paths. */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { fieldId } from '@web/lib/form-fields';
import { placeKind, type RequestFormState } from './request-form-values';

export type RequestFormApi = UseFormReturnType<RequestFormState>;

/** Whether a path is marked required for the current values (the rules of validateRequest, where one input is meant). */
export function isRequiredPath(path: string, v: RequestFormState): boolean {
  if (['mode', 'direction', 'cargo_ready_date', 'cargo_description', 'weight_gross'].includes(path)) return true;
  if (/^equipment\.\d+\.(type|count)$/.test(path)) return true;
  const kind = placeKind(v.mode);
  if (kind && (path === `origin_${kind}` || path === `destination_${kind}`)) return true;
  if (path === 'incoterm_place') return !!v.incoterm;
  if (path === 'sea_load') return v.mode === 'sea';
  if (path === 'un_number' || path === 'hazard_class') return v.dangerous_goods;
  return false;
}

/**
 * The input a message's field is shown on: 'origin' and 'destination' (validateRequest's "one of" rules) go to the
 * airport or port picker the mode asks for, or to the city; the rest are input paths already.
 */
export function inputPathOf(field: string, v: RequestFormState): string {
  if (field !== 'origin' && field !== 'destination') return field;
  return `${field}_${placeKind(v.mode) ?? 'city'}`;
}

export function useRequestForm(initialValues: RequestFormState): RequestFormApi {
  return useForm<RequestFormState>({
    mode: 'controlled',
    initialValues,
    enhanceGetInputProps: ({ field, form, options }) =>
      options.type === 'checkbox' ? { id: fieldId(String(field)) } : { id: fieldId(String(field)), withAsterisk: isRequiredPath(String(field), form.values) },
  });
}

/** Brings the input a message names into view and focuses it (the top of the page when there is none). */
export function focusField(path: string) {
  const el = document.getElementById(fieldId(path));
  if (!el) {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return;
  }
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus({ preventScroll: true });
}

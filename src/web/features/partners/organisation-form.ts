import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';

/**
 * The organisation fields every partner form edits (carriers, service providers, consolidation agents), as the
 * inputs hold them: plain strings. The API trims them and turns blanks into null.
 */
export type OrganisationFormValues = {
  name: string;
  country: string;
  registration_number: string;
  contact_email: string;
  contact_phone: string;
  website: string;
};

export const emptyOrganisation: OrganisationFormValues = {
  name: '',
  country: '',
  registration_number: '',
  contact_email: '',
  contact_phone: '',
  website: '',
};

type OrganisationRow = { [K in keyof OrganisationFormValues]: K extends 'name' | 'country' ? string : string | null };

export function organisationValuesOf(row: OrganisationRow): OrganisationFormValues {
  return {
    name: row.name,
    country: row.country,
    registration_number: row.registration_number ?? '',
    contact_email: row.contact_email ?? '',
    contact_phone: row.contact_phone ?? '',
    website: row.website ?? '',
  };
}

/**
 * Marks the fields the API named. A field whose message is the banner's own (e.g. 'Name and country are required')
 * is only outlined red, so the same sentence is not repeated under every input.
 */
export function showApiFieldErrors<T extends object>(form: UseFormReturnType<T>, error: unknown): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  const errors: Record<string, string | boolean> = {};
  for (const [field, message] of Object.entries(error.fields)) errors[field] = message === error.message ? true : t(message);
  form.setErrors(errors);
}

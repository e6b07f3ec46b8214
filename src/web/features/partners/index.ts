// The public entry of the partners feature: what other features take from it (no side effects, no lazily loaded page).
export { EditAction } from './EditAction';
export { OrganisationFields } from './OrganisationFields';
export { PartnerFormShell } from './PartnerFormShell';
export { PartnerTable } from './PartnerTable';
export { emptyOrganisation, organisationValuesOf, showApiFieldErrors, type OrganisationFormValues } from './organisation-form';

import { Select } from '@mantine/core';
import { ROLE_DESCRIPTIONS, ROLE_TITLES, isStaffRole } from '@domain/common/enums';
import { STAFF_ROLE_OPTIONS } from '@domain/staff/schema';
import { t } from '@web/lib/i18n';

/** The Role select (Admin, Export, Import) with the chosen role's description line under it. */
export function RoleSelect({ value, onChange, error, disabled, hint }: {
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  disabled?: boolean;
  /** Shown instead of the role description (e.g. why the role cannot be changed). */
  hint?: string;
}) {
  // The domain's roleDescription, in the reader's language.
  const roleText = isStaffRole(value) ? t('{title}: {description}', { title: t(ROLE_TITLES[value]), description: t(ROLE_DESCRIPTIONS[value]) }) : '';
  const description = [roleText, hint].filter(Boolean).join('. ');
  return (
    <Select
      label={t('Role')}
      withAsterisk
      placeholder={t('Select a role')}
      data={STAFF_ROLE_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      disabled={disabled}
      error={error}
      description={description || undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      comboboxProps={{ withinPortal: true }}
      styles={{ description: { marginTop: 6 } }}
    />
  );
}

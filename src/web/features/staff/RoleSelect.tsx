import { Select } from '@mantine/core';
import { roleDescription, STAFF_ROLE_OPTIONS } from '@domain/staff/schema';

/** The Role select (Admin, Export, Import) with the chosen role's description line under it. */
export function RoleSelect({ value, onChange, error, disabled, hint }: {
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  disabled?: boolean;
  /** Shown instead of the role description (e.g. why the role cannot be changed). */
  hint?: string;
}) {
  const description = [roleDescription(value), hint].filter(Boolean).join('. ');
  return (
    <Select
      label="Role"
      withAsterisk
      placeholder="Select a role"
      data={STAFF_ROLE_OPTIONS}
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

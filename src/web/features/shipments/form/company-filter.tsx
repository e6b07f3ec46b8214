// Apart from the shipment form's pickers (pickers.tsx), so a list that filters by company loads no shipment form code.
import type { ReactElement } from 'react';
import type { Company } from '@domain/companies/schema';
import { t } from '@web/lib/i18n';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { pickerSources } from './api';

/** A staff list's company filter: the company id in the list's address, shown by the name its rows give that company. */
export function CompanyFilter({ value, name, placeholder, onChange }: { value: string | undefined; name?: string; placeholder: string; onChange: (id: string | undefined) => void }): ReactElement {
  return (
    <AsyncSelect<Company>
      aria-label={t('Company')}
      placeholder={placeholder}
      queryKey={['picker', 'companies']}
      fetchRows={pickerSources.companies}
      toOption={(row) => ({ value: row.id, label: row.name })}
      value={value ?? null}
      selected={value && name ? { value, label: name } : null}
      onChange={(_row, option) => onChange(option?.value)}
    />
  );
}

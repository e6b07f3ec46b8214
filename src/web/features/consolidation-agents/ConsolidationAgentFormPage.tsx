import { useEffect } from 'react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { t } from '@web/lib/i18n';
import { consolidationAgentQuery, useSaveConsolidationAgent } from './api';
import { OrganisationFields, PartnerFormShell, emptyOrganisation, organisationValuesOf, showApiFieldErrors, type OrganisationFormValues } from '@web/features/partners';

/** /consolidation-agents/new */
export function NewConsolidationAgentPage(): React.JSX.Element {
  return <ConsolidationAgentForm />;
}

/** /consolidation-agents/edit/{id} */
export function EditConsolidationAgentPage(): React.JSX.Element {
  const { id } = useParams({ from: '/app/consolidation-agents/edit/$id' });
  return <ConsolidationAgentForm key={id} id={id} />;
}

function ConsolidationAgentForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const existing = useQuery({ ...consolidationAgentQuery(id ?? ''), enabled: !!id });
  const save = useSaveConsolidationAgent();
  const form = useForm<OrganisationFormValues>({ initialValues: emptyOrganisation });

  const loaded = existing.data;
  useEffect(() => {
    if (loaded) {
      form.setValues(organisationValuesOf(loaded));
      form.resetDirty();
    }
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = () => void navigate({ to: '/consolidation-agents' });
  const onSubmit = form.onSubmit((values) =>
    save.mutate(
      { id, values },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: id ? t('Consolidation agent saved') : t('Consolidation agent added'), message: saved.name });
          back();
        },
        onError: (e) => showApiFieldErrors(form, e),
      },
    ),
  );

  return (
    <PartnerFormShell
      backTo="/consolidation-agents"
      backLabel={t('Back to Consolidation Agents')}
      title={id ? t('Edit Consolidation Agent') : t('Add Consolidation Agent')}
      subtitle={id ? loaded?.name : t('An agent that consolidates partial shipments into one air load')}
      error={save.error}
      loading={!!id && existing.isPending}
      loadError={id ? existing.error : null}
      busy={save.isPending}
      submitLabel={id ? t('Save Changes') : t('Add Agent')}
      onSubmit={onSubmit}
      onCancel={back}
    >
      <OrganisationFields inputProps={(field) => form.getInputProps(field)} namePlaceholder={t('e.g. {example}', { example: 'EuroConsol Groupage' })} />
    </PartnerFormShell>
  );
}

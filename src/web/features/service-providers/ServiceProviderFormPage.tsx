import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { SERVICE_TYPES } from '@domain/common/enums';
import { serviceTypeOptionsOnEdit } from '@domain/partners/schema';
import { t } from '@web/lib/i18n';
import { OrganisationFields, PartnerFormShell, emptyOrganisation, organisationValuesOf, showApiFieldErrors, type OrganisationFormValues } from '@web/features/partners';
import { serviceProviderQuery, useSaveServiceProvider } from './api';
import { serviceTypeLabel } from './service-type-label';

type Values = OrganisationFormValues & { service_type: string };

/** /service-providers/new: every service type, Consolidation Agent included. */
export function NewServiceProviderPage(): React.JSX.Element {
  return <ServiceProviderForm />;
}

/** /service-providers/edit/{id}: Consolidation Agent is not offered, unless the record already has it. */
export function EditServiceProviderPage(): React.JSX.Element {
  const { id } = useParams({ from: '/app/service-providers/edit/$id' });
  return <ServiceProviderForm key={id} id={id} />;
}

function ServiceProviderForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const existing = useQuery({ ...serviceProviderQuery(id ?? ''), enabled: !!id });
  const save = useSaveServiceProvider();
  const form = useForm<Values>({ initialValues: { ...emptyOrganisation, service_type: '' } });

  const loaded = existing.data;
  useEffect(() => {
    if (loaded) {
      form.setValues({ ...organisationValuesOf(loaded), service_type: loaded.service_type });
      form.resetDirty();
    }
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  const options = id ? serviceTypeOptionsOnEdit(loaded?.service_type) : [...SERVICE_TYPES];
  const back = () => void navigate({ to: '/service-providers' });
  const onSubmit = form.onSubmit((values) =>
    save.mutate(
      { id, values },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: id ? t('Service provider saved') : t('Service provider added'), message: saved.name });
          back();
        },
        onError: (e) => showApiFieldErrors(form, e),
      },
    ),
  );

  return (
    <PartnerFormShell
      backTo="/service-providers"
      backLabel={t('Back to Service Providers')}
      title={id ? t('Edit Service Provider') : t('Add Service Provider')}
      subtitle={id ? loaded?.name : t('A customs broker, forwarder, insurer, warehouse or other partner')}
      error={save.error}
      loading={!!id && existing.isPending}
      loadError={id ? existing.error : null}
      busy={save.isPending}
      submitLabel={id ? t('Save Changes') : t('Add Service Provider')}
      onSubmit={onSubmit}
      onCancel={back}
    >
      <OrganisationFields
        inputProps={(field) => form.getInputProps(field)}
        namePlaceholder={t('e.g. {example}', { example: 'Bursa Customs Brokerage' })}
        typeField={
          <Select
            label={t('Service Type')}
            required
            placeholder={t('Select a service type')}
            data={options.map((value) => ({ value, label: serviceTypeLabel(value) }))}
            allowDeselect={false}
            {...form.getInputProps('service_type')}
            value={form.values.service_type || null}
            onChange={(value: string | null) => form.setFieldValue('service_type', value ?? '')}
          />
        }
      />
    </PartnerFormShell>
  );
}

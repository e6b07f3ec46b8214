import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { CARRIER_TYPE_LABELS, CARRIER_TYPES, type CarrierType } from '@domain/common/enums';
import { carrierTypeHint } from '@domain/partners/schema';
import { t } from '@web/lib/i18n';
import { OrganisationFields, PartnerFormShell, emptyOrganisation, organisationValuesOf, showApiFieldErrors, type OrganisationFormValues } from '@web/features/partners';
import { carrierQuery, useSaveCarrier } from './api';
import { CarrierCodeFields, emptyCarrierCodes, type CarrierCodeValues } from './CarrierCodeFields';

type Values = OrganisationFormValues & CarrierCodeValues & { carrier_type: CarrierType | '' };
const TYPE_OPTIONS = CARRIER_TYPES.map((t) => ({ value: t, label: CARRIER_TYPE_LABELS[t] }));

/** /carriers/new */
export function NewCarrierPage(): React.JSX.Element {
  return <CarrierForm />;
}

/** /carriers/edit/{id} */
export function EditCarrierPage(): React.JSX.Element {
  const { id } = useParams({ from: '/app/carriers/edit/$id' });
  return <CarrierForm key={id} id={id} />;
}

function CarrierForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const existing = useQuery({ ...carrierQuery(id ?? ''), enabled: !!id });
  const save = useSaveCarrier();
  const form = useForm<Values>({ initialValues: { ...emptyOrganisation, ...emptyCarrierCodes, carrier_type: '' } });

  const loaded = existing.data;
  useEffect(() => {
    if (loaded) {
      form.setValues({
        ...organisationValuesOf(loaded),
        carrier_type: loaded.carrier_type,
        iata_prefix: loaded.iata_prefix ?? '',
        iata_code: loaded.iata_code ?? '',
        scac: loaded.scac ?? '',
        volumetric_divisor: loaded.volumetric_divisor ?? '',
      });
      form.resetDirty();
    }
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = () => void navigate({ to: '/carriers' });
  const onSubmit = form.onSubmit((values) =>
    save.mutate(
      { id, values },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: id ? t('Carrier saved') : t('Carrier added'), message: saved.name });
          back();
        },
        onError: (e) => showApiFieldErrors(form, e),
      },
    ),
  );

  const typeProps = form.getInputProps('carrier_type');
  return (
    <PartnerFormShell
      backTo="/carriers"
      backLabel={t('Back to Carriers')}
      title={id ? t('Edit Carrier') : t('Add Carrier')}
      subtitle={id ? loaded?.name : t('An airline, shipping line or trucking company')}
      error={save.error}
      loading={!!id && existing.isPending}
      loadError={id ? existing.error : null}
      busy={save.isPending}
      submitLabel={id ? t('Save Changes') : t('Add Carrier')}
      onSubmit={onSubmit}
      onCancel={back}
    >
      <OrganisationFields
        inputProps={(field) => form.getInputProps(field)}
        namePlaceholder={t('e.g. {example}', { example: 'Turkish Cargo' })}
        typeField={
          <Select
            label={t('Carrier Type')}
            required
            placeholder={t('Select a carrier type')}
            data={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))}
            allowDeselect={false}
            description={t(carrierTypeHint(form.values.carrier_type))}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...typeProps}
            value={form.values.carrier_type || null}
            onChange={(value: string | null) => form.setFieldValue('carrier_type', (value ?? '') as CarrierType | '')}
          />
        }
      >
        <CarrierCodeFields type={form.values.carrier_type} inputProps={(field) => form.getInputProps(field)} />
      </OrganisationFields>
    </PartnerFormShell>
  );
}

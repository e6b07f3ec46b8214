import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CompanyInput } from '@domain/companies/schema';
import { t } from '@web/lib/i18n';
import { companyQuery, createCompany, invalidateCompanies, updateCompany } from './api';
import { useRouteParam } from './route-params';
import { CompanyForm } from './CompanyForm';

/** /companies/new: creates a company, then opens its profile (where contacts are added). */
export function NewCompanyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: CompanyInput) => createCompany(input),
    onSuccess: async (company) => {
      notifications.show({ color: 'green', title: t('Company created'), message: t('{name} was added.', { name: company.name }) });
      await invalidateCompanies(queryClient);
      await navigate({ to: '/companies/$id', params: { id: company.id } });
    },
  });
  return (
    <CompanyForm
      title={t('Add Company')}
      subtitle={t('Register a customer company; add its contacts on the next page.')}
      submitLabel={t('Create Company')}
      busyLabel={t('Creating...')}
      busy={save.isPending}
      error={save.error}
      backTo="/companies"
      onSubmit={(input) => save.mutate(input)}
    />
  );
}

/** /companies/edit/{id}: the same form, filled; back to the profile on save or cancel. */
export function EditCompanyPage() {
  const id = useRouteParam('id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useQuery(companyQuery(id));
  const save = useMutation({
    mutationFn: (input: CompanyInput) => updateCompany(id, input),
    onSuccess: async (saved) => {
      notifications.show({ color: 'green', title: t('Company saved'), message: t('{name} was updated.', { name: saved.name }) });
      await invalidateCompanies(queryClient);
      await navigate({ to: '/companies/$id', params: { id } });
    },
  });

  // Spec section 8: a company that cannot be loaded is logged and the user is sent back to /companies.
  useEffect(() => {
    if (!company.error) return;
    console.error('Company load failed', company.error);
    notifications.show({ color: 'red', title: t('Company not available'), message: t(company.error.message) });
    void navigate({ to: '/companies', replace: true });
  }, [company.error, navigate]);

  if (!company.data) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <CompanyForm
      key={company.data.id}
      title={t('Edit Company')}
      subtitle={company.data.name}
      initial={{
        name: company.data.name,
        address: company.data.address ?? '',
        vat_number: company.data.vat_number ?? '',
        country: company.data.country ?? '',
        payment_terms_days: company.data.payment_terms_days ?? '',
        language: company.data.language,
      }}
      companyId={company.data.id}
      submitLabel={t('Save Changes')}
      busyLabel={t('Saving...')}
      busy={save.isPending}
      error={save.error}
      backTo={`/companies/${id}`}
      onSubmit={(input) => save.mutate(input)}
    />
  );
}

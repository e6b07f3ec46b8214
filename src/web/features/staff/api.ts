import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveStaff, CreateStaffInput, PendingStaff, StaffList, UpdateStaffInput } from '@domain/staff/schema';
import type { TwoFactorSettings } from '@domain/auth/two-factor-schema';
import { api } from '@web/lib/api';

/** The staff feature's server calls: one query key root, invalidated on every write. */
const STAFF_KEY = ['staff'] as const;

export const staffListQuery = (q: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'list', q],
    queryFn: ({ signal }) => api<StaffList>('/staff', { query: { q }, signal }),
    placeholderData: (previous) => previous,
  });

export const staffMemberQuery = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'member', id],
    queryFn: ({ signal }) => api<ActiveStaff>(`/staff/${encodeURIComponent(id)}`, { signal }),
  });

function useStaffMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      // A renamed or re-roled user may be the signed-in one.
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const useCreateStaff = () => useStaffMutation((body: CreateStaffInput) => api<PendingStaff>('/staff', { body }));

export const useUpdateStaff = (id: string) =>
  useStaffMutation((body: UpdateStaffInput) => api<ActiveStaff>(`/staff/${encodeURIComponent(id)}`, { method: 'PUT', body }));

export const useDeleteStaff = () =>
  useStaffMutation((target: { kind: 'pending' | 'active'; id: string }) =>
    api<void>(target.kind === 'pending' ? `/staff/pending/${encodeURIComponent(target.id)}` : `/staff/${encodeURIComponent(target.id)}`, {
      method: 'DELETE',
    }),
  );

/** The admin's "require two-factor authentication for all staff" (GET/PUT /api/settings/two-factor). */
const TWO_FACTOR_SETTINGS_KEY = ['settings', 'two-factor'] as const;

export const twoFactorSettingsQuery = queryOptions({
  queryKey: TWO_FACTOR_SETTINGS_KEY,
  queryFn: ({ signal }) => api<TwoFactorSettings>('/settings/two-factor', { signal }),
});

export function useSetTwoFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (require_for_staff: boolean) => api<TwoFactorSettings>('/settings/two-factor', { method: 'PUT', body: { require_for_staff } }),
    onSuccess: (data) => {
      queryClient.setQueryData(TWO_FACTOR_SETTINGS_KEY, data);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** Deletes a staff member's two-factor key and recovery codes and ends their sessions (admins). */
export const useResetStaffTwoFactor = (id: string) =>
  useStaffMutation(() => api<void>(`/staff/${encodeURIComponent(id)}/two-factor`, { method: 'DELETE' }));

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistProvider, ChecklistTemplate, OverdueRow, TemplateItem } from '@domain/checklist/schema';
import type { LoadingType, ShipmentType } from '@domain/common/enums';
import type { Page } from '@domain/common/list';
import { api } from '@web/lib/api';

/**
 * The checklist's admin side (issue 16; contract: src/domain/checklist/schema.ts): the templates of Settings and the overdue
 * list. The overdue list sits under ['checklist'] (api.ts), so a change to a shipment's checklist refreshes it.
 */
export const OVERDUE_PAGE_SIZE = 25;

export const checklistAdminKeys = {
  templates: ['settings', 'checklist-templates'] as const,
  overdue: (provider: ChecklistProvider | undefined, page: number, dir: 'asc' | 'desc') => ['checklist', 'overdue', provider ?? 'all', page, dir] as const,
};

export const checklistTemplatesQuery = queryOptions({
  queryKey: checklistAdminKeys.templates,
  queryFn: ({ signal }) => api<ChecklistTemplate[]>('/settings/checklist-templates', { signal }),
});

export const overdueQuery = (provider: ChecklistProvider | undefined, page: number, dir: 'asc' | 'desc') =>
  queryOptions({
    queryKey: checklistAdminKeys.overdue(provider, page, dir),
    queryFn: ({ signal }) =>
      api<Page<OverdueRow>>('/checklist/overdue', { query: { provider, page, pageSize: OVERDUE_PAGE_SIZE, dir }, signal }),
    placeholderData: keepPreviousData,
  });

export const saveChecklistTemplate = (type: ShipmentType, direction: LoadingType, items: TemplateItem[]) =>
  api<ChecklistTemplate>(`/settings/checklist-templates/${encodeURIComponent(type)}/${encodeURIComponent(direction)}`, {
    method: 'PUT',
    body: { items },
  });

/** Saves one template; the answer replaces it in the cached list. */
export function useSaveChecklistTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, direction, items }: { type: ShipmentType; direction: LoadingType; items: TemplateItem[] }) =>
      saveChecklistTemplate(type, direction, items),
    onSuccess: (saved) => {
      queryClient.setQueryData<ChecklistTemplate[]>(checklistAdminKeys.templates, (list) =>
        list?.map((t) => (t.type === saved.type && t.direction === saved.direction ? saved : t)),
      );
    },
  });
}

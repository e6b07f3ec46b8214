import { z } from 'zod';
import { LOADING_TYPES, SHIPMENT_TYPES } from '@domain/common/enums';

/** /settings/checklists: which template is open (a bad value falls back to the first, Air · Export). */
export const checklistTemplateSearchSchema = z.object({
  type: z.enum(SHIPMENT_TYPES).optional().catch(undefined),
  direction: z.enum(LOADING_TYPES).optional().catch(undefined),
});

import type { ChecklistAnchor } from '@domain/checklist/schema';
import { t } from '@web/lib/i18n';

/**
 * The domain's `dueRule` in the reader's language (issue 42): 'on departure', '3 days before arrival', '1 day after
 * departure'. One whole message per anchor and side, so a language orders the words its own way.
 */
export function dueRuleText(anchor: ChecklistAnchor, offsetDays: number): string {
  const count = Math.abs(offsetDays);
  if (anchor === 'arrival') {
    if (offsetDays === 0) return t('on arrival');
    return offsetDays < 0
      ? t('{count, plural, one {# day before arrival} other {# days before arrival}}', { count })
      : t('{count, plural, one {# day after arrival} other {# days after arrival}}', { count });
  }
  if (offsetDays === 0) return t('on departure');
  return offsetDays < 0
    ? t('{count, plural, one {# day before departure} other {# days before departure}}', { count })
    : t('{count, plural, one {# day after departure} other {# days after departure}}', { count });
}

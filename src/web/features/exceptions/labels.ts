import { ARRIVAL_MOVED_WINDOW_DAYS, DEFAULT_EXCEPTION_SETTINGS, type ExceptionSettings, type ExceptionTab } from '@domain/exceptions/rules';
import { t } from '@web/lib/i18n';

/**
 * The domain's exceptionLabel in the reader's language: a rule's tab label and the sentence that says what it is, with
 * the thresholds in force (the English is the domain's, word for word).
 */
export function exceptionText(kind: ExceptionTab, s: ExceptionSettings = DEFAULT_EXCEPTION_SETTINGS): { label: string; rule: string } {
  switch (kind) {
    case 'checklist_overdue':
      return { label: t('Documents overdue'), rule: t('A required document of the checklist is past its due date and the shipment is not delivered.') };
    case 'departure_overdue':
      return { label: t('Departure overdue'), rule: t('The estimated departure has passed and the shipment is not in transit yet.') };
    case 'arrival_overdue':
      return { label: t('Arrival overdue'), rule: t('The estimated arrival has passed and the shipment is not delivered.') };
    case 'arrival_moved':
      return {
        label: t('Arrival moved'),
        rule: t('The estimated arrival moved by more than {days, plural, one {# day} other {# days}} in the last {window} days.', {
          days: s.arrival_moved_days,
          window: ARRIVAL_MOVED_WINDOW_DAYS,
        }),
      };
    case 'no_change':
      return {
        label: t('No change in {days, plural, one {# day} other {# days}}', { days: s.no_change_days }),
        rule: t('Nothing about the shipment changed for {days, plural, one {# day} other {# days}} and it is not delivered.', { days: s.no_change_days }),
      };
  }
}

import { DEFAULT_EXCEPTION_SETTINGS, exceptionLabel, type ExceptionSettings, type ExceptionTab } from '@domain/exceptions/rules';
import { reader } from '@web/lib/i18n';

/** The domain's exceptionLabel in the reader's language: a rule's tab label and the sentence that says what it is. */
export const exceptionText = (kind: ExceptionTab, s: ExceptionSettings = DEFAULT_EXCEPTION_SETTINGS): { label: string; rule: string } => exceptionLabel(kind, s, reader());

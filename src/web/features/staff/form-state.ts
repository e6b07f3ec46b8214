import { useState } from 'react';
import type { z } from 'zod';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';

/**
 * The staff forms' values and errors: the domain schema is checked before sending (the same rules the API
 * applies), and an API refusal (400, 409) shows its message in the banner and marks its fields.
 */
export function useStaffForm<V extends Record<string, string>, S extends z.ZodType>(initial: V, schema: S) {
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const set = (key: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFields((f) => {
      if (!(key in f)) return f;
      const next = { ...f };
      delete next[key];
      return next;
    });
  };

  /** The parsed input, or null after showing why it cannot be sent. */
  const check = (): z.output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setError(null);
      setFields({});
      return parsed.data;
    }
    const byField: Record<string, string> = {};
    for (const issue of parsed.error.issues) byField[issue.path.join('.')] ??= issue.message;
    setError(parsed.error.issues[0]?.message ?? msg('Please check the form'));
    setFields(byField);
    return null;
  };

  const fail = (e: unknown) => {
    setError(e instanceof Error ? e.message : msg('Something went wrong. Please try again.'));
    setFields(e instanceof ApiError && e.fields ? e.fields : {});
  };

  return { values, set, error, fields, check, fail };
}

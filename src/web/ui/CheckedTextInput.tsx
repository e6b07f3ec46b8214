import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { text } from '@web/lib/form-fields';
import { t } from '@web/lib/i18n';

type Props = Omit<TextInputProps, 'form' | 'value' | 'onChange' | 'error'> & {
  /** Any @mantine/form form (the shipment form, the request form). */
  form: UseFormReturnType<Record<string, unknown>>;
  /** The form path ('mawb_number', 'containers.1.number'). */
  path: string;
  /** The domain's message for a value, or null when it is right (containerNumberProblem, mawbProblem, ...). */
  problem: (value: string) => string | null;
  /** The stored form of a value (upper case, dashes): applied when the input loses focus. */
  normalize: (value: string) => string;
  /** Whether enough is typed to check while typing (11 characters of a container number); otherwise on blur. */
  complete?: (value: string) => boolean;
};

/**
 * A text input of a checked trade number: the domain's message shows under it as soon as the value is complete (or
 * once the input was left), and leaving it writes the value in its stored form. A refusal of the submit or the
 * server (form.errors) shows instead while present. No request: the check is the domain's pure function.
 */
export function CheckedTextInput({ form, path, problem, normalize, complete = () => false, onBlur, ...rest }: Props) {
  const [left, setLeft] = useState(false);
  const input = form.getInputProps(path);
  const value = text(input.value);
  const live = value.trim() !== '' && (left || complete(value)) ? problem(value) : null;
  const refused = form.errors[path];
  return (
    <TextInput
      autoComplete="off"
      spellCheck={false}
      {...rest}
      {...input}
      error={typeof refused === 'string' ? t(refused) : (refused ?? (live === null ? null : t(live)))}
      onBlur={(event) => {
        setLeft(true);
        const stored = value.trim() === '' ? value : normalize(value);
        if (stored !== value) form.setFieldValue(path, stored);
        (input.onBlur as ((e: typeof event) => void) | undefined)?.(event);
        onBlur?.(event);
      }}
    />
  );
}

import { Field, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';

interface FormikSelectProps {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
  /** The options. */
  children: ReactNode;
}

/** A native select bound to a Formik field (value as a string), showing the message once touched. */
export function FormikSelect({ name, label, required, disabled, testId, children }: FormikSelectProps) {
  const [field, meta] = useField<string | number | null>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id={`field-${name}`} invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field} value={String(field.value ?? '')} data-testid={testId}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';
import type { FocusEvent } from 'react';
import { LengthHint } from './LengthHint';

interface FormikInputProps extends Omit<InputProps, 'name'> {
  name: string;
  label: string;
  helperText?: string;
  /** Applied to the value when the field loses focus (e.g. a phone written as its placeholder shows). */
  formatOnBlur?: (value: string) => string;
}

/** A Chakra input bound to a Formik field, showing the yup message once touched. */
export function FormikInput({ name, label, helperText, required, formatOnBlur, ...inputProps }: FormikInputProps) {
  const [field, meta, helpers] = useField<string>(name);
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (formatOnBlur) {
      const formatted = formatOnBlur(field.value ?? '');
      if (formatted !== field.value) void helpers.setValue(formatted, false);
    }
    field.onBlur(event);
  };
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id={inputProps.id ?? `field-${name}`} invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} onBlur={onBlur} {...inputProps} />
      {invalid ? <Field.ErrorText>{meta.error}</Field.ErrorText> : helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {typeof inputProps.maxLength === 'number' && <LengthHint length={(field.value ?? '').length} max={inputProps.maxLength} />}
    </Field.Root>
  );
}

import { Field, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useField } from 'formik';
import { LengthHint } from './LengthHint';

interface FormikTextareaProps extends Omit<TextareaProps, 'name'> {
  name: string;
  label: string;
}

/** A Chakra textarea bound to a Formik field, showing the yup message once touched and a counter near its maxLength. */
export function FormikTextarea({ name, label, id, ...props }: FormikTextareaProps) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    // The root's id is the textarea's id and its label's `for` (an id set on the textarea alone unlinks the label).
    <Field.Root id={id ?? `field-${name}`} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Textarea {...field} value={field.value ?? ''} autoresize minH="20" {...props} />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
      {typeof props.maxLength === 'number' && <LengthHint length={(field.value ?? '').length} max={props.maxLength} />}
    </Field.Root>
  );
}

import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';

interface FormikInputProps extends Omit<InputProps, 'name'> {
  name: string;
  label: string;
  helperText?: string;
}

/** A Chakra input bound to a Formik field, showing the yup message once touched. */
export function FormikInput({ name, label, helperText, required, ...inputProps }: FormikInputProps) {
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} {...inputProps} id={inputProps.id ?? `field-${name}`} />
      {invalid ? <Field.ErrorText>{meta.error}</Field.ErrorText> : helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

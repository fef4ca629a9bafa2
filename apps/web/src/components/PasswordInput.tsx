import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useField } from 'formik';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

interface PasswordInputProps {
  name: string;
  label: string;
  autoComplete?: string;
  placeholder?: string;
}

/** A Formik-bound password input with a show/hide toggle. */
export function PasswordInput({ name, label, autoComplete, placeholder }: PasswordInputProps) {
  const [field, meta] = useField<string>(name);
  const [visible, setVisible] = useState(false);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id={`field-${name}`} invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            type="button"
            variant="ghost"
            size="xs"
            me="-2"
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff /> : <Eye />}
          </IconButton>
        }
      >
        <Input {...field} type={visible ? 'text' : 'password'} autoComplete={autoComplete} placeholder={placeholder} />
      </InputGroup>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

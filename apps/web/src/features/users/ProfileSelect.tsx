import { Field, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import { profileName } from './users.logic';
import type { AccessProfile } from './users.types';

interface ProfileSelectProps {
  profiles: readonly AccessProfile[];
  name?: string;
  label?: string;
  disabled?: boolean;
}

/** A Formik-bound access profile select (GET /api/access-profiles); '' until one is chosen. */
export function ProfileSelect({ profiles, name = 'accessProfileId', label = 'Perfil de Acesso', disabled }: ProfileSelectProps) {
  const [field, meta] = useField<string | number>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id={`field-${name}`} invalid={invalid} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field} value={String(field.value ?? '')}>
          <option value="">Selecione um perfil</option>
          {profiles.map((profile) => (
            <option key={profile.id} value={String(profile.id)}>
              {profileName(profiles, profile.id)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

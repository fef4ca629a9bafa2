import { FormikSelect } from '../../components/FormikSelect';
import { profileName } from './users.logic';
import type { AccessProfile } from '@wkflow/contracts';

interface ProfileSelectProps {
  profiles: readonly AccessProfile[];
  name?: string;
  label?: string;
  disabled?: boolean;
}

/** A Formik-bound access profile select (GET /api/access-profiles); '' until one is chosen. */
export function ProfileSelect({ profiles, name = 'accessProfileId', label = 'Perfil de Acesso', disabled }: ProfileSelectProps) {
  return (
    <FormikSelect name={name} label={label} disabled={disabled}>
      <option value="">Selecione um perfil</option>
      {profiles.map((profile) => (
        <option key={profile.id} value={String(profile.id)}>
          {profileName(profiles, profile.id)}
        </option>
      ))}
    </FormikSelect>
  );
}

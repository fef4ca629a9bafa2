import {
  NAME_MIN,
  PASSWORD_MIN,
  PROFILE_DESCRIPTION_MIN,
  USERNAME_MIN,
  type AccessProfileRequest,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type SetUserPasswordRequest,
  type UpdateProfileRequest,
  type UpdateUserRequest,
  type User,
} from '@wkflow/contracts';
import * as yup from 'yup';
import { settablePassword } from '../../lib/passwordRule';

/**
 * Messages of core.md §5, verbatim, except that a password takes 8 characters, not 6
 * (docs/decisions.md). The 'Novo Usuário' dialog (and, where the spec gives no
 * wording of its own, the edit form) says 'pelo menos'; the standalone registration form says
 * 'ao menos' and 'E-mail'.
 */
export const userMessages = {
  username: 'Nome de usuário deve ter pelo menos 3 caracteres',
  email: 'Email inválido',
  password: 'Senha deve ter pelo menos 8 caracteres',
  name: 'Nome deve ter pelo menos 2 caracteres',
  accessProfileId: 'Selecione um perfil de acesso',
  /** Not in the spec: the API accepts only these characters, with this message. */
  usernamePattern: 'Nome de usuário pode conter apenas letras, números, ponto, hífen e sublinhado',
} as const;

export const registerMessages = {
  username: 'Nome de usuário deve ter ao menos 3 caracteres',
  email: 'E-mail inválido',
  password: 'Senha deve ter ao menos 8 caracteres',
  name: 'Nome deve ter ao menos 2 caracteres',
  confirmPassword: 'Confirme a senha',
  mismatch: 'As senhas não coincidem',
  accessProfileId: 'Selecione um perfil de acesso',
} as const;

export const adminPasswordMessages = {
  newPassword: 'Senha deve ter pelo menos 8 caracteres',
  confirmPassword: 'Confirmação de senha é obrigatória',
  mismatch: 'Senhas não conferem',
} as const;

export const ownPasswordMessages = {
  currentPassword: 'Senha atual é obrigatória',
  newPassword: 'Nova senha deve ter ao menos 8 caracteres',
  /** The spec names the rule but not its words. */
  confirmPassword: 'Confirme a nova senha',
  mismatch: 'As senhas não coincidem',
} as const;

export const accessProfileMessages = {
  name: 'Nome deve ter pelo menos 2 caracteres',
  description: 'Descrição deve ter ao menos 5 caracteres',
} as const;

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A select's value ('' when nothing is chosen) coerced to a profile id of at least 1. */
function profileId(message: string) {
  return yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(message)
    .required(message)
    .integer(message)
    .min(1, message);
}

function username(message: string) {
  return yup.string().trim().required(message).min(USERNAME_MIN, message).matches(USERNAME_PATTERN, userMessages.usernamePattern);
}

/**
 * Equal to a sibling field. Empty (and, with `minLength`, too short) values pass here so the
 * field's own 'required'/'min' message is the one shown.
 */
function sameAs(field: string, minLength = 0) {
  return function (this: yup.TestContext, value: string | undefined): boolean {
    if (!value || value.length < minLength) return true;
    return value === (this.parent as Record<string, unknown>)[field];
  };
}

const text = (message: string, min: number) => yup.string().trim().required(message).min(min, message);
const email = (message: string) => yup.string().trim().required(message).email(message);
const password = (message: string) => settablePassword(message);

/* ---------- 'Novo Usuário' dialog ---------- */

/** A user request's fields with the profile as the select holds it: '' until a profile is chosen. */
type WithProfileSelect<Request extends { accessProfileId: number }> = Omit<Request, 'accessProfileId'> & {
  accessProfileId: string | number;
};

export type NewUserValues = WithProfileSelect<CreateUserRequest>;

export const newUserSchema = yup.object({
  username: username(userMessages.username),
  email: email(userMessages.email),
  password: password(userMessages.password),
  name: text(userMessages.name, NAME_MIN),
  accessProfileId: profileId(userMessages.accessProfileId),
});

export const newUserInitialValues: NewUserValues = { username: '', email: '', password: '', name: '', accessProfileId: '' };

export function toCreateUserPayload(values: NewUserValues): CreateUserRequest {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    name: values.name.trim(),
    accessProfileId: Number(values.accessProfileId),
  };
}

/* ---------- /users/register ---------- */

export interface RegisterUserValues extends NewUserValues {
  confirmPassword: string;
}

export const registerUserSchema = yup.object({
  name: text(registerMessages.name, NAME_MIN),
  username: username(registerMessages.username),
  email: email(registerMessages.email),
  password: password(registerMessages.password),
  confirmPassword: yup
    .string()
    .required(registerMessages.confirmPassword)
    .min(PASSWORD_MIN, registerMessages.confirmPassword)
    .test('same-as-password', registerMessages.mismatch, sameAs('password', PASSWORD_MIN)),
  accessProfileId: profileId(registerMessages.accessProfileId),
});

export const registerUserInitialValues: RegisterUserValues = { ...newUserInitialValues, confirmPassword: '' };

/* ---------- /users/{id}/edit ---------- */

export type EditUserValues = WithProfileSelect<UpdateUserRequest>;

export const editUserSchema = yup.object({
  name: text(userMessages.name, NAME_MIN),
  email: email(userMessages.email),
  username: username(userMessages.username),
  accessProfileId: profileId(userMessages.accessProfileId),
});

export function editUserValues(user: User): EditUserValues {
  return { name: user.name ?? '', email: user.email ?? '', username: user.username ?? '', accessProfileId: user.accessProfileId ?? '' };
}

export function toUpdateUserPayload(values: EditUserValues): UpdateUserRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    username: values.username.trim(),
    accessProfileId: Number(values.accessProfileId),
  };
}

export const adminPasswordSchema = yup.object({
  newPassword: password(adminPasswordMessages.newPassword),
  confirmPassword: yup
    .string()
    .required(adminPasswordMessages.confirmPassword)
    .test('same-as-password', adminPasswordMessages.mismatch, sameAs('newPassword')),
});

export const adminPasswordInitialValues: SetUserPasswordRequest = { newPassword: '', confirmPassword: '' };

/* ---------- /profile ---------- */

export type ProfileInfoValues = UpdateProfileRequest;

export const profileInfoSchema = yup.object({
  name: text(userMessages.name, NAME_MIN),
  email: email(userMessages.email),
});

export function toProfilePayload(values: ProfileInfoValues): UpdateProfileRequest {
  return { name: values.name.trim(), email: values.email.trim() };
}

export interface OwnPasswordValues extends ChangePasswordRequest {
  confirmPassword: string;
}

export const ownPasswordSchema = yup.object({
  currentPassword: yup.string().required(ownPasswordMessages.currentPassword),
  newPassword: password(ownPasswordMessages.newPassword),
  confirmPassword: yup
    .string()
    .required(ownPasswordMessages.confirmPassword)
    .test('same-as-password', ownPasswordMessages.mismatch, sameAs('newPassword')),
});

export const ownPasswordInitialValues: OwnPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/* ---------- access profiles ---------- */

export type AccessProfileValues = AccessProfileRequest;

export const accessProfileSchema = yup.object({
  name: text(accessProfileMessages.name, NAME_MIN),
  description: text(accessProfileMessages.description, PROFILE_DESCRIPTION_MIN),
});

export const accessProfileInitialValues: AccessProfileValues = { name: '', description: '' };

export function toAccessProfilePayload(values: AccessProfileValues): AccessProfileRequest {
  return { name: values.name.trim(), description: values.description.trim() };
}

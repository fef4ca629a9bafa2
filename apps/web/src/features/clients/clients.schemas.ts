import {
  CLIENT_COLOR_PATTERN,
  CLIENT_LIMITS,
  CLIENT_MESSAGES,
  DEFAULT_CLIENT_COLOR,
  formatCnpj,
  formatPhoneBR,
  moneyBR,
  normalizeHttpUrl,
  parseMoneyBR,
  socialProfileUrl,
  TIMESHEET_MESSAGES,
  type SocialNetwork,
  type Client,
  type ClientCredential,
  type CreateClientRequest,
  type CreateCredentialRequest,
  type UpdateCredentialRequest,
} from '@wkflow/contracts';
import * as yup from 'yup';
import type { FormFields } from '../../lib/formFields';
import type { SocialFormValues } from './clients.logic';

/** Messages of extended.md §5, verbatim. */
export const clientMessages = {
  name: CLIENT_MESSAGES.nameMin,
  email: CLIENT_MESSAGES.email,
  color: CLIENT_MESSAGES.color,
  /** Not in the spec: the API refuses a website that is not an http(s) address with this message. */
  website: 'Site inválido',
} as const;

export const credentialMessages = {
  toolName: CLIENT_MESSAGES.toolName,
  url: CLIENT_MESSAGES.url,
  username: CLIENT_MESSAGES.username,
  password: CLIENT_MESSAGES.password,
} as const;

/** Blank, or an http(s) address as the API accepts it ('agencia.com.br' gets https://). */
const isBlankOrHttpUrl = (value: string | undefined) => !value?.trim() || normalizeHttpUrl(value) !== null;

/**
 * The client form: the request's fields as typed (the social networks have their own tab); hourlyRate
 * is R$ per hour as typed ('150,00'), blank = no rate, shown and sent only with clients write.
 */
export type ClientFormValues = FormFields<Omit<CreateClientRequest, 'social_media'>>;

const optionalText = yup.string().default('');

export const clientSchema: yup.ObjectSchema<ClientFormValues> = yup.object({
  name: yup.string().trim().required(clientMessages.name).min(CLIENT_LIMITS.nameMin, clientMessages.name),
  email: yup.string().trim().default('').email(clientMessages.email),
  phone: optionalText,
  cnpj: optionalText,
  address: optionalText,
  website: optionalText.test('http-url', clientMessages.website, isBlankOrHttpUrl),
  description: optionalText,
  // §5: at least 4 characters; the API also wants #rgb or #rrggbb, with the same message
  color: yup
    .string()
    .trim()
    .required(clientMessages.color)
    .min(4, clientMessages.color)
    .matches(CLIENT_COLOR_PATTERN, clientMessages.color),
  hourlyRate: optionalText.test('money', TIMESHEET_MESSAGES.rate, (value) => parseMoneyBR(value ?? '') !== undefined),
});

export const emptyClientValues: ClientFormValues = {
  name: '',
  email: '',
  phone: '',
  cnpj: '',
  address: '',
  website: '',
  description: '',
  color: DEFAULT_CLIENT_COLOR,
  hourlyRate: '',
};

export function clientFormValues(client: Client): ClientFormValues {
  return {
    name: client.name ?? '',
    email: client.email ?? '',
    phone: client.phone ?? '',
    cnpj: client.cnpj ?? '',
    address: client.address ?? '',
    website: client.website ?? '',
    description: client.description ?? '',
    color: client.color || DEFAULT_CLIENT_COLOR,
    hourlyRate: client.hourlyRate == null ? '' : moneyBR(client.hourlyRate),
  };
}

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The body of POST /api/clients and PATCH /api/clients/{id}: trimmed, optional blanks as null.
 * withRate: the user has clients write (only then the form shows, and sends, the hourly rate).
 */
export function toClientPayload(values: ClientFormValues, withRate = true): CreateClientRequest {
  return {
    name: values.name.trim(),
    email: blankToNull(values.email),
    phone: blankToNull(formatPhoneBR(values.phone)),
    cnpj: blankToNull(formatCnpj(values.cnpj)),
    address: blankToNull(values.address),
    website: blankToNull(values.website),
    description: blankToNull(values.description),
    color: values.color.trim() || DEFAULT_CLIENT_COLOR,
    ...(withRate ? { hourlyRate: parseMoneyBR(values.hourlyRate) ?? null } : {}),
  };
}

export type CredentialFormValues = FormFields<CreateCredentialRequest>;

/** Create: every rule of §5. Edit: a blank password keeps the stored one. */
export function credentialSchema(mode: 'create' | 'edit'): yup.ObjectSchema<CredentialFormValues> {
  return yup.object({
    toolName: yup.string().trim().required(credentialMessages.toolName),
    url: yup.string().trim().required(credentialMessages.url).test('http-url', credentialMessages.url, isBlankOrHttpUrl),
    username: yup.string().trim().required(credentialMessages.username),
    // kept exactly as typed, but never only spaces; on edit blank keeps the stored one
    password:
      mode === 'create'
        ? yup.string().required(credentialMessages.password).matches(/\S/, credentialMessages.password)
        : yup.string().default('').matches(/\S/, { message: credentialMessages.password, excludeEmptyString: true }),
    observations: yup.string().default(''),
  });
}

export const emptyCredentialValues: CredentialFormValues = { toolName: '', url: '', username: '', password: '', observations: '' };

/** Edit form: the stored password is never put in the form (it is masked anyway). */
export function credentialFormValues(credential: ClientCredential): CredentialFormValues {
  return {
    toolName: credential.toolName ?? '',
    url: credential.url ?? '',
    username: credential.username ?? '',
    password: '',
    observations: credential.observations ?? '',
  };
}

/** The body of POST .../access (create) and PATCH .../access/{credentialId} (edit: a password left blank is kept). */
export function toCredentialPayload(values: CredentialFormValues, mode: 'create'): CreateCredentialRequest;
export function toCredentialPayload(values: CredentialFormValues, mode: 'edit'): UpdateCredentialRequest;
export function toCredentialPayload(values: CredentialFormValues, mode: 'create' | 'edit'): UpdateCredentialRequest {
  const payload: UpdateCredentialRequest = {
    toolName: values.toolName.trim(),
    url: values.url.trim(),
    username: values.username.trim(),
    observations: values.observations.trim() ? values.observations.trim() : null,
  };
  if (mode === 'create' || values.password !== '') payload.password = values.password;
  return payload;
}

/** The social tab: each link blank, a valid URL or an '@handle' (made the profile URL). */
const socialUrl = (network: SocialNetwork) =>
  yup
    .string()
    .trim()
    .defined()
    .default('')
    .test('http-url', credentialMessages.url, (value) => !value?.trim() || socialProfileUrl(network, value) !== null);
export const socialSchema: yup.ObjectSchema<SocialFormValues> = yup.object({
  instagram: socialUrl('instagram'),
  facebook: socialUrl('facebook'),
  linkedin: socialUrl('linkedin'),
  youtube: socialUrl('youtube'),
  twitter: socialUrl('twitter'),
  tiktok: socialUrl('tiktok'),
});

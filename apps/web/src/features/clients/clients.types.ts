/** The clients domain as the API speaks it (libs/contracts), plus the web's request shapes. */
export { SOCIAL_NETWORKS } from '@wkflow/contracts';
export type { Client, ClientCredential, SocialMedia, SocialNetwork } from '@wkflow/contracts';

/** POST /api/clients and PATCH /api/clients/{id} as the client form sends them (blank optional = null). */
export interface ClientPayload {
  name: string;
  email: string | null;
  phone: string | null;
  cnpj: string | null;
  address: string | null;
  website: string | null;
  description: string | null;
  color: string;
  hourlyRate?: number | null;
}

/** POST /api/clients/{id}/access and PATCH .../access/{credentialId} (a password left out on edit is kept). */
export interface CredentialPayload {
  toolName: string;
  url: string;
  username: string;
  password?: string;
  observations: string | null;
}

/** The clients domain as the API speaks it (libs/contracts). */
export { SOCIAL_NETWORKS } from '@wkflow/contracts';
export type {
  Client,
  ClientCredential,
  CreateClientRequest,
  CreateCredentialRequest,
  RevealCredentialResponse,
  SocialMedia,
  SocialNetwork,
  UpdateClientRequest,
  UpdateCredentialRequest,
} from '@wkflow/contracts';

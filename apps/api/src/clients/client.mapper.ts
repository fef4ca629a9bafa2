import { type Client, type ClientCredential, MASKED_PASSWORD } from '@wkflow/contracts';
import type { ClientCredentialEntity } from './client-credential.entity';
import type { ClientEntity } from './client.entity';

/** The public shape of a client (extended.md §3); the hourly rate only for users with clients write. */
export function toClient(entity: ClientEntity, withRate = false): Client & { updatedAt: string } {
  return {
    id: entity.id,
    name: entity.name,
    email: entity.email,
    phone: entity.phone,
    cnpj: entity.cnpj,
    address: entity.address,
    website: entity.website,
    description: entity.description,
    color: entity.color,
    social_media: entity.socialMedia ?? {},
    logoUrl: entity.logoFile ? `/api/clients/${entity.id}/logo` : null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    ...(withRate ? { hourlyRate: entity.hourlyRate ?? null } : {}),
  };
}

/** A credential as listed: the password is always masked, never decrypted here. */
export function toCredential(entity: ClientCredentialEntity): ClientCredential {
  return {
    id: entity.id,
    clientId: entity.clientId,
    toolName: entity.toolName,
    url: entity.url,
    username: entity.username,
    password: MASKED_PASSWORD,
    observations: entity.observations,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

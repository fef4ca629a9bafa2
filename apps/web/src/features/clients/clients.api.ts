import { mutate } from 'swr';
import { apiFetch, getApiBaseUrl } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import type {
  Client,
  ClientCredential,
  CreateClientRequest,
  CreateCredentialRequest,
  RevealCredentialResponse,
  UpdateClientRequest,
  UpdateCredentialRequest,
} from '@wkflow/contracts';

/** Writes of the clients domain; each refreshes the SWR keys it changes. */

export async function createClient(body: CreateClientRequest): Promise<Client> {
  const client = await apiFetch<Client>('/api/clients', { method: 'POST', body });
  await mutate(keys.clients);
  return client;
}

async function refreshClient(id: number, client?: Client | null): Promise<void> {
  await Promise.all([client ? mutate(keys.client(id), client, { revalidate: false }) : mutate(keys.client(id)), mutate(keys.clients)]);
}

export async function updateClient(id: number, body: UpdateClientRequest): Promise<Client> {
  const client = await apiFetch<Client>(`/api/clients/${id}`, { method: 'PATCH', body });
  await refreshClient(id, client);
  return client;
}

export async function updateSocialMedia(id: number, body: Pick<UpdateClientRequest, 'social_media'>): Promise<Client> {
  return updateClient(id, body);
}

export async function deleteClient(id: number): Promise<void> {
  await apiFetch(`/api/clients/${id}`, { method: 'DELETE' });
  await mutate(keys.clients);
}

/**
 * POST /api/clients/{id}/logo as multipart ('file'). The JSON fetcher cannot send FormData, so
 * this call keeps its conventions by hand: cookies included, `Error("<status>: <body>")` on failure.
 */
export async function uploadClientLogo(id: number, file: File): Promise<Client | null> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${getApiBaseUrl()}/api/clients/${id}/logo`, { method: 'POST', body: form, credentials: 'include' });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  const body = text ? (JSON.parse(text) as unknown) : null;
  const client = body && typeof body === 'object' && 'name' in body ? (body as Client) : null;
  await refreshClient(id, client);
  return client;
}

export async function deleteClientLogo(id: number): Promise<void> {
  await apiFetch(`/api/clients/${id}/logo`, { method: 'DELETE' });
  await refreshClient(id);
}

export async function createCredential(clientId: number, body: CreateCredentialRequest): Promise<ClientCredential> {
  const credential = await apiFetch<ClientCredential>(`/api/clients/${clientId}/access`, { method: 'POST', body });
  await mutate(keys.clientAccess(clientId));
  return credential;
}

export async function updateCredential(clientId: number, credentialId: number, body: UpdateCredentialRequest): Promise<ClientCredential> {
  const credential = await apiFetch<ClientCredential>(`/api/clients/${clientId}/access/${credentialId}`, { method: 'PATCH', body });
  await mutate(keys.clientAccess(clientId));
  return credential;
}

export async function deleteCredential(clientId: number, credentialId: number): Promise<void> {
  await apiFetch(`/api/clients/${clientId}/access/${credentialId}`, { method: 'DELETE' });
  await mutate(keys.clientAccess(clientId));
}

/** The explicit, recorded reveal of one stored password. */
export async function revealCredential(clientId: number, credentialId: number): Promise<string> {
  const { password } = await apiFetch<RevealCredentialResponse>(`/api/clients/${clientId}/access/${credentialId}/reveal`, {
    method: 'POST',
  });
  return password;
}

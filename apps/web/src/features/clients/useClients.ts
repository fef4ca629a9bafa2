import useSWR from 'swr';
import { keys } from '../../lib/swr';
import type { Client, ClientCredential } from '@wkflow/contracts';

/** GET /api/clients (only asked when `enabled`, e.g. with clients read). */
export function useClients(enabled = true) {
  return useSWR<Client[]>(enabled ? keys.clients : null);
}

/** GET /api/clients/{id}. */
export function useClient(id: number | null) {
  return useSWR<Client>(id ? keys.client(id) : null);
}

/** GET /api/clients/{id}/access: passwords come masked. */
export function useClientAccess(id: number | null) {
  return useSWR<ClientCredential[]>(id ? keys.clientAccess(id) : null);
}

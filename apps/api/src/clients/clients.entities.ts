import { ClientCredentialEntity } from './client-credential.entity';
import { ClientEntity } from './client.entity';

/** The entities of the clients domain, registered once in platform/database/entities.ts. */
export const CLIENTS_ENTITIES: Function[] = [ClientEntity, ClientCredentialEntity];

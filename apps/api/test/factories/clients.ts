import { ClientEntity } from '../../src/clients/client.entity';
import type { FactoryContext } from './context';
import { unique } from './names';

export interface NewClientOptions {
  name?: string;
  color?: string;
  /** Back-dates the client (the inactive-client rule reads it). */
  createdAt?: Date;
}

/** A client row as the create leaves it (default colour, no contact data); the name is unique unless given. */
export function newClient(ctx: FactoryContext, options: NewClientOptions = {}): Promise<ClientEntity> {
  const clients = ctx.dataSource.getRepository(ClientEntity);
  return clients.save(
    clients.create({
      name: options.name ?? unique('Cliente '),
      ...(options.color !== undefined && { color: options.color }),
      ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
    }),
  );
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Db } from '../platform/database/repository';
import { type ClientRef, ClientsRepository } from './clients.repository';

export type { ClientRef } from './clients.repository';

/** What other modules may know about clients, one query per call (the clients module alone reads its tables). */
@Injectable()
export class ClientDirectory {
  constructor(private readonly repository: ClientsRepository) {}

  /** id → name of the clients that exist. */
  async namesByIds(ids: Iterable<number | null | undefined>, db?: Db): Promise<Map<number, string>> {
    const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
    if (!unique.length) return new Map();
    const rows = await this.repository.namesByIds(unique, db);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Every client, by id. */
  all(): Promise<ClientRef[]> {
    return this.repository.refs();
  }

  /** Locks the client's row in the caller's transaction (serialising work on it); false when there is none. */
  lock(id: number, db: EntityManager): Promise<boolean> {
    return this.repository.lock(id, db);
  }

  exists(id: number, db?: Db): Promise<boolean> {
    return this.repository.exists(id, db);
  }

  /** The first client of this name (any case), or null (the demo seed's lookup). */
  idByName(name: string, db?: Db): Promise<number | null> {
    return this.repository.idByName(name, db);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

type Db = EntityManager | DataSource;

export interface ClientRef {
  id: number;
  name: string;
}

/** What other modules may know about clients, one query per call (the clients module alone reads its tables). */
@Injectable()
export class ClientDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** id → name of the clients that exist. */
  async namesByIds(ids: Iterable<number | null | undefined>, db: Db = this.dataSource): Promise<Map<number, string>> {
    const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
    if (!unique.length) return new Map();
    const rows: ClientRef[] = await db.query(`SELECT id, name FROM clients WHERE id = ANY($1::int[])`, [unique]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Every client, by id. */
  all(): Promise<ClientRef[]> {
    return this.dataSource.query(`SELECT id, name FROM clients ORDER BY id`);
  }

  /** Locks the client's row in the caller's transaction (serialising work on it); false when there is none. */
  async lock(id: number, db: EntityManager): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM clients WHERE id = $1 FOR UPDATE`, [id]);
    return Boolean(row);
  }

  async exists(id: number, db: Db = this.dataSource): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM clients WHERE id = $1`, [id]);
    return Boolean(row);
  }
}

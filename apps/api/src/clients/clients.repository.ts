import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { SocialMedia } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';
import { ClientCredentialEntity } from './client-credential.entity';
import { ClientEntity } from './client.entity';

export interface ClientRef {
  id: number;
  name: string;
}

/** A client row as the seed writes it (by name, once). */
export interface ClientSeedRow {
  name: string;
  email: string;
  phone: string;
  cnpj: string;
  website: string;
  description: string;
  color: string;
  socialMedia: SocialMedia;
}

export type NewCredential = Pick<
  ClientCredentialEntity,
  'clientId' | 'toolName' | 'url' | 'username' | 'passwordEncrypted' | 'observations'
>;

const pessimistic = (lock: boolean) => (lock ? { lock: { mode: 'pessimistic_write' as const } } : {});

/**
 * Every query of the clients module: clients and client_credentials. Services call these with the
 * pool or the transaction they opened (`db`); other modules reach clients through ClientDirectory.
 */
@Injectable()
export class ClientsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  list(): Promise<ClientEntity[]> {
    return this.dataSource.manager.find(ClientEntity, { order: { name: 'ASC', id: 'ASC' } });
  }

  /** The client, locked for update in the caller's transaction when `lock`; null when there is none. */
  find(id: number, db: EntityManager = this.dataSource.manager, lock = false): Promise<ClientEntity | null> {
    return db.findOne(ClientEntity, { where: { id }, ...pessimistic(lock) });
  }

  create(fields: Partial<ClientEntity>): Promise<ClientEntity> {
    const manager = this.dataSource.manager;
    return manager.save(manager.create(ClientEntity, fields));
  }

  save(client: ClientEntity, db: EntityManager): Promise<ClientEntity> {
    return db.save(client);
  }

  async remove(id: number, db: EntityManager): Promise<void> {
    await db.delete(ClientEntity, { id });
  }

  /** Which of these logo file names a client row holds (the upload sweeper keeps those). */
  async logoFilesNamed(names: string[]): Promise<string[]> {
    const rows: { logoFile: string }[] = await this.dataSource.query(
      `SELECT "logoFile" FROM clients WHERE "logoFile" = ANY($1::varchar[])`,
      [names],
    );
    return rows.map((row) => row.logoFile);
  }

  /** Puts `previous` back as the client's logo if the row still names `current` (a failed upload's undo). */
  async restoreLogo(id: number, previous: string | null, current: string): Promise<void> {
    await this.dataSource.query(`UPDATE clients SET "logoFile" = $2 WHERE id = $1 AND "logoFile" = $3`, [id, previous, current]);
  }

  async namesByIds(ids: number[], db: Db = this.dataSource): Promise<ClientRef[]> {
    return db.query(`SELECT id, name FROM clients WHERE id = ANY($1::int[])`, [ids]);
  }

  refs(): Promise<ClientRef[]> {
    return this.dataSource.query(`SELECT id, name FROM clients ORDER BY id`);
  }

  /** Locks the client's row in the caller's transaction; false when there is none. */
  async lock(id: number, db: EntityManager): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM clients WHERE id = $1 FOR UPDATE`, [id]);
    return Boolean(row);
  }

  async exists(id: number, db: Db = this.dataSource): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM clients WHERE id = $1`, [id]);
    return Boolean(row);
  }

  /** The first client of this name (any case), or null. */
  async idByName(name: string, db: Db = this.dataSource): Promise<number | null> {
    const [row]: { id: number }[] = await db.query(`SELECT id FROM clients WHERE lower(name) = lower($1) ORDER BY id LIMIT 1`, [name]);
    return row?.id ?? null;
  }

  /** Inserts the client unless one of its name (any case) exists; its id either way. */
  async insertUnlessNamed(client: ClientSeedRow, db: EntityManager): Promise<number> {
    await db.query(
      `INSERT INTO clients (name, email, phone, cnpj, website, description, color, "socialMedia")
       SELECT $1::text, $2, $3, $4, $5, $6, $7, $8 WHERE NOT EXISTS (SELECT 1 FROM clients WHERE lower(name) = lower($1::text))`,
      [
        client.name,
        client.email,
        client.phone,
        client.cnpj,
        client.website,
        client.description,
        client.color,
        JSON.stringify(client.socialMedia),
      ],
    );
    return (await this.idByName(client.name, db))!;
  }

  // client_credentials

  credentials(clientId: number): Promise<ClientCredentialEntity[]> {
    return this.dataSource.manager.find(ClientCredentialEntity, { where: { clientId }, order: { toolName: 'ASC', id: 'ASC' } });
  }

  findCredential(clientId: number, id: number, db: EntityManager, lock: boolean): Promise<ClientCredentialEntity | null> {
    return db.findOne(ClientCredentialEntity, { where: { id, clientId }, ...pessimistic(lock) });
  }

  insertCredential(credential: NewCredential, db: EntityManager): Promise<ClientCredentialEntity> {
    return db.save(db.create(ClientCredentialEntity, credential));
  }

  saveCredential(credential: ClientCredentialEntity, db: EntityManager): Promise<ClientCredentialEntity> {
    return db.save(credential);
  }

  /** True when a credential of the client was deleted. */
  async removeCredential(clientId: number, id: number): Promise<boolean> {
    const result = await this.dataSource.manager.delete(ClientCredentialEntity, { id, clientId });
    return Boolean(result.affected);
  }

  async hasCredential(clientId: number, toolName: string, db: EntityManager): Promise<boolean> {
    return db.exists(ClientCredentialEntity, { where: { clientId, toolName } });
  }

  /** Every stored password, locked for the caller's transaction (the key rotation). */
  encryptedPasswords(db: EntityManager): Promise<{ id: number; passwordEncrypted: string }[]> {
    return db.query(`SELECT id, "passwordEncrypted" FROM client_credentials ORDER BY id FOR UPDATE`);
  }

  async setEncryptedPassword(id: number, passwordEncrypted: string, db: EntityManager): Promise<void> {
    await db.query(`UPDATE client_credentials SET "passwordEncrypted" = $2 WHERE id = $1`, [id, passwordEncrypted]);
  }
}

import { Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLIENT_MESSAGES, type ClientCredential, MASKED_PASSWORD, type RevealCredentialResponse } from '@wkflow/contracts';
import { recordAudit } from '../audit/audit-trail';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { ClientCredentialEntity } from './client-credential.entity';
import { ClientsRepository } from './clients.repository';
import { toCredential } from './client.mapper';
import { CredentialsCipherError, decrypt, encrypt } from '../platform/crypto/credentials-cipher';
import type { CreateCredentialDto, UpdateCredentialDto } from './dto/credential.dto';

export const CREDENTIAL_NOT_FOUND = 'Credencial não encontrada';
export const CREDENTIAL_REVEALED = 'credential_revealed';

/**
 * Tool credentials of a client. Passwords are encrypted before they reach the database, listed
 * masked, and only decrypted by reveal(), which records who revealed what in audit_log.
 * Nothing here logs a password, clear or encrypted.
 */
@Injectable()
export class CredentialsService {
  private readonly logger = new Logger(CredentialsService.name);
  private readonly key: Buffer;

  constructor(
    private readonly clients: ClientsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = config.credentialsKey;
  }

  async list(clientId: number): Promise<ClientCredential[]> {
    const rows = await this.clients.credentials(clientId);
    if (!rows.length) await this.clientExists(clientId);
    return rows.map(toCredential);
  }

  async create(clientId: number, dto: CreateCredentialDto): Promise<ClientCredential> {
    return this.clients.transaction(async (db) => {
      await this.clientExists(clientId, db);
      const saved = await this.clients.insertCredential(
        {
          clientId,
          toolName: dto.toolName,
          url: dto.url,
          username: dto.username,
          passwordEncrypted: encrypt(this.key, dto.password),
          observations: dto.observations ?? null,
        },
        db,
      );
      return toCredential(saved);
    });
  }

  /** Fields not sent are kept; a password sent (other than the mask the list shows) is re-encrypted. */
  async update(clientId: number, id: number, dto: UpdateCredentialDto): Promise<ClientCredential> {
    return this.clients.transaction(async (db) => {
      const credential = await this.find(clientId, id, db, true);
      if (dto.toolName !== undefined) credential.toolName = dto.toolName;
      if (dto.url !== undefined) credential.url = dto.url;
      if (dto.username !== undefined) credential.username = dto.username;
      if (dto.observations !== undefined) credential.observations = dto.observations;
      if (dto.password !== undefined && dto.password !== MASKED_PASSWORD) credential.passwordEncrypted = encrypt(this.key, dto.password);
      return toCredential(await this.clients.saveCredential(credential, db));
    });
  }

  async remove(clientId: number, id: number): Promise<void> {
    if (!(await this.clients.removeCredential(clientId, id))) {
      await this.clientExists(clientId);
      throw new NotFoundException(CREDENTIAL_NOT_FOUND);
    }
  }

  /** The clear password, for a user allowed to write clients; the audit row commits with the read. */
  async reveal(clientId: number, id: number, user: AuthenticatedUser): Promise<RevealCredentialResponse> {
    return this.clients.transaction(async (db) => {
      const credential = await this.find(clientId, id, db, false);
      let password: string;
      try {
        password = decrypt(this.key, credential.passwordEncrypted);
      } catch (error) {
        if (!(error instanceof CredentialsCipherError)) throw error;
        this.logger.error(`credential ${id} cannot be decrypted with the configured CREDENTIALS_KEY`);
        throw new InternalServerErrorException(
          'Não foi possível descriptografar a senha: a chave de criptografia (CREDENTIALS_KEY) não corresponde',
        );
      }
      await recordAudit(db, {
        actorId: user.id,
        action: CREDENTIAL_REVEALED,
        entity: 'client_credential',
        entityId: credential.id,
        data: { clientId, toolName: credential.toolName, username: credential.username, actorUsername: user.username },
      });
      return { password };
    });
  }

  private async find(clientId: number, id: number, db: EntityManager, lock: boolean): Promise<ClientCredentialEntity> {
    const credential = await this.clients.findCredential(clientId, id, db, lock);
    if (credential) return credential;
    await this.clientExists(clientId, db);
    throw new NotFoundException(CREDENTIAL_NOT_FOUND);
  }

  private async clientExists(clientId: number, db?: EntityManager): Promise<void> {
    if (!(await this.clients.exists(clientId, db))) throw new NotFoundException(CLIENT_MESSAGES.notFound);
  }
}

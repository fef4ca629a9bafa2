import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
  PayloadTooLargeException,
} from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type EntityManager, QueryFailedError } from 'typeorm';
import { applySocialMedia, type Client, CLIENT_MESSAGES, DEFAULT_CLIENT_COLOR, LOGO_MAX_BYTES, type SocialMedia } from '@wkflow/contracts';
import { isStillReferenced } from '../platform/database/db-errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { ClientEntity } from './client.entity';
import { ClientsRepository } from './clients.repository';
import { toClient } from './client.mapper';
import type { CreateClientDto, UpdateClientDto } from './dto/client.dto';
import { readHead, type TempUpload } from '../platform/uploads/upload-files';
import { UploadSweeper } from '../platform/uploads/upload-sweeper';
import { LOGO_FIELD, LOGO_TOO_LARGE } from './logo-upload.interceptor';
import { detectLogoType, LOGO_SIGNATURE_BYTES, logoContentType, logoFileName, LogoStorage } from './logo-storage';

const OTHER_REFERENCES = 'Cliente possui registros vinculados e não pode ser excluído';

export interface LogoFile {
  path: string;
  size: number;
  contentType: string;
  etag: string;
}

@Injectable()
export class ClientsService implements OnModuleInit {
  private readonly logger = new Logger(ClientsService.name);
  private readonly logos: LogoStorage;

  constructor(
    private readonly clients: ClientsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sweeper: UploadSweeper,
  ) {
    this.logos = new LogoStorage(join(config.uploadDir, 'logos'));
  }

  onModuleInit(): void {
    const named = (names: string[]): Promise<string[]> => this.clients.logoFilesNamed(names);
    this.sweeper.register({
      label: 'logos',
      directory: this.logos.directory,
      referenced: async (names) => new Set(await named(names)),
      // A logo's stored name is its temp file's name plus the type's extension.
      committed: async (tempNames) => {
        const stored = await named(tempNames.flatMap((name) => [`${name}.png`, `${name}.jpg`]));
        return new Map(stored.map((name) => [name.replace(/\.(png|jpg)$/, ''), name]));
      },
    });
  }

  /** withRate: the caller has clients write (only they see hourly rates). */
  async list(withRate = false): Promise<Client[]> {
    const rows = await this.clients.list();
    return rows.map((row) => toClient(row, withRate));
  }

  async get(id: number, withRate = false): Promise<Client> {
    return toClient(await this.find(id), withRate);
  }

  async create(dto: CreateClientDto): Promise<Client> {
    const socialMedia = dto.social_media ? this.socialMedia({}, dto.social_media) : {};
    const saved = await this.clients.create({
      name: dto.name,
      email: dto.email ?? null,
      phone: dto.phone ?? null,
      cnpj: dto.cnpj ?? null,
      address: dto.address ?? null,
      website: dto.website ?? null,
      description: dto.description ?? null,
      color: dto.color ?? DEFAULT_CLIENT_COLOR,
      socialMedia,
      hourlyRate: dto.hourlyRate ?? null,
    });
    return toClient(saved, true);
  }

  /** Partial update: fields not sent keep their value; social_media follows applySocialMedia. */
  async update(id: number, dto: UpdateClientDto): Promise<Client> {
    return this.clients.transaction(async (db) => {
      const client = await this.find(id, db, true);
      const { social_media: socialUpdate, ...fields } = dto;
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) (client as unknown as Record<string, unknown>)[key] = value;
      }
      if (socialUpdate) client.socialMedia = this.socialMedia(client.socialMedia ?? {}, socialUpdate);
      return toClient(await this.clients.save(client, db), true);
    });
  }

  /**
   * A client that still has tasks is not deleted (409) rather than archived or cascaded: its tasks
   * carry time entries and history that must not disappear or be orphaned. The tasks → clients
   * foreign key (ON DELETE RESTRICT) refuses the delete, and its violation names the tasks table
   * (the clients module does not read the tasks module's tables). Credentials and onboarding
   * processes go with the client.
   */
  async remove(id: number): Promise<void> {
    let logoFile: string | null = null;
    try {
      await this.clients.transaction(async (db) => {
        const client = await this.find(id, db, true);
        logoFile = client.logoFile;
        await this.clients.remove(id, db);
      });
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; table?: string }) : null;
      if (isStillReferenced(error)) {
        throw new ConflictException(driverError?.table === 'tasks' ? CLIENT_MESSAGES.hasTasks : OTHER_REFERENCES);
      }
      throw error;
    }
    await this.logos.remove(logoFile);
  }

  /**
   * Stores a PNG or JPG (checked by its bytes) and replaces the previous logo: the row first, then
   * the upload's temp file is renamed into place (see AttachmentsService.add); on failure the
   * upload's interceptor removes the temp file.
   */
  async uploadLogo(id: number, file: TempUpload | undefined): Promise<Client> {
    if (!file) throw new BadRequestException(`Envie a imagem do logo no campo "${LOGO_FIELD}" (multipart/form-data)`);
    if (file.size > LOGO_MAX_BYTES) throw new PayloadTooLargeException(LOGO_TOO_LARGE);
    const type = detectLogoType(await readHead(file.path, LOGO_SIGNATURE_BYTES));
    if (!type) throw new BadRequestException('O logo deve ser uma imagem PNG ou JPG');
    await this.find(id);

    const fileName = logoFileName(file, type);
    let previous: string | null = null;
    const client = await this.clients.transaction(async (db) => {
      const current = await this.find(id, db, true);
      previous = current.logoFile;
      current.logoFile = fileName;
      return this.clients.save(current, db);
    });
    try {
      await this.logos.moveIn(file, fileName);
    } catch (error) {
      await this.clients.restoreLogo(id, previous, fileName);
      throw error;
    }
    await this.logos.remove(previous);
    return toClient(client, true);
  }

  async removeLogo(id: number): Promise<Client> {
    let previous: string | null = null;
    const client = await this.clients.transaction(async (db) => {
      const current = await this.find(id, db, true);
      previous = current.logoFile;
      if (!previous) return current;
      current.logoFile = null;
      return this.clients.save(current, db);
    });
    await this.logos.remove(previous);
    return toClient(client, true);
  }

  /** The stored logo's file; 404 when the client has none (or its file is gone). */
  async logo(id: number): Promise<LogoFile> {
    const client = await this.find(id);
    if (!client.logoFile) throw new NotFoundException('Cliente não possui logo');
    const path = this.logos.pathOf(client.logoFile);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) {
      this.logger.warn(`logo file of client ${id} is missing from the upload directory`);
      throw new NotFoundException('Cliente não possui logo');
    }
    return { path, size, contentType: logoContentType(client.logoFile), etag: `"${client.logoFile}"` };
  }

  private socialMedia(current: SocialMedia, update: Record<string, unknown>): SocialMedia {
    const result = applySocialMedia(current, update);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.socialMedia;
  }

  private async find(id: number, db?: EntityManager, lock = false): Promise<ClientEntity> {
    const client = await this.clients.find(id, db, lock);
    if (!client) throw new NotFoundException(CLIENT_MESSAGES.notFound);
    return client;
  }
}

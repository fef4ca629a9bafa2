import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { canEditAllTasks, type TaskAttachment } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { fileExists, moveIntoPlace, type TempUpload } from '../platform/uploads/upload-files';
import { UploadSweeper } from '../platform/uploads/upload-sweeper';
import { safeFileName } from './attachment-name';
import { TaskBoard } from './task-board.service';
import { type AttachmentRow, AttachmentsRepository } from './repositories/attachments.repository';

export const ATTACHMENT_NOT_FOUND = 'Anexo não encontrado';

/**
 * Task attachments on disk under UPLOAD_DIR/attachments, named at random: the upload's temp file
 * keeps its name and is renamed there once its row has committed.
 */
@Injectable()
export class AttachmentsService implements OnModuleInit {
  private readonly logger = new Logger(AttachmentsService.name);
  private readonly dir: string;

  constructor(
    private readonly attachments: AttachmentsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tasks: TaskBoard,
    private readonly sweeper: UploadSweeper,
  ) {
    this.dir = resolve(config.uploadDir, 'attachments');
  }

  onModuleInit(): void {
    const stored = (names: string[]) => this.attachments.storedNames(names);
    this.sweeper.register({
      label: 'attachments',
      directory: this.dir,
      referenced: async (names) => new Set(await stored(names)),
      committed: async (tempNames) => new Map((await stored(tempNames)).map((name) => [name, name])),
    });
  }

  private toAttachment(row: AttachmentRow): TaskAttachment {
    return {
      id: row.id,
      // Names stored before the current rules are cleaned on the way out too.
      originalName: safeFileName(row.originalName),
      size: row.size,
      mimeType: row.mimeType,
      createdAt: row.createdAt.toISOString(),
      userId: row.userId,
    };
  }

  async list(user: AuthenticatedUser, taskId: number): Promise<TaskAttachment[]> {
    await this.tasks.taskFor(user, taskId, false);
    const rows = await this.attachments.ofTask(taskId);
    return rows.map((r) => this.toAttachment(r));
  }

  /**
   * The row first, then the file: the temp file (whose random name the row stores) is renamed into
   * place once the row has committed. A crash before the commit leaves only a temp file, which the
   * sweep removes; one between the commit and the rename, a temp file the sweep moves into place.
   * On any failure here the upload's interceptor removes the temp file.
   */
  async add(user: AuthenticatedUser, taskId: number, file: TempUpload): Promise<TaskAttachment> {
    await this.tasks.taskFor(user, taskId, true);
    const storedName = file.filename;
    const row = await this.attachments.insert({
      taskId,
      userId: user.id,
      originalName: safeFileName(file.originalname),
      storedName,
      mimeType: (file.mimetype || 'application/octet-stream').slice(0, 150),
      size: file.size,
    });
    try {
      await moveIntoPlace(file, this.dir, storedName);
    } catch (error) {
      await this.attachments.remove(row.id);
      throw error;
    }
    return this.toAttachment(row);
  }

  private async find(user: AuthenticatedUser, taskId: number, attachmentId: number, edit: boolean): Promise<AttachmentRow> {
    await this.tasks.taskFor(user, taskId, edit);
    const row = await this.attachments.find(taskId, attachmentId);
    if (!row) throw new NotFoundException(ATTACHMENT_NOT_FOUND);
    return row;
  }

  async file(user: AuthenticatedUser, taskId: number, attachmentId: number): Promise<{ path: string; name: string; mimeType: string }> {
    const row = await this.find(user, taskId, attachmentId, false);
    const path = join(this.dir, row.storedName);
    if (!(await fileExists(path))) {
      this.logger.warn(`attachment ${row.id}: its file is missing from the upload directory`);
      throw new NotFoundException(ATTACHMENT_NOT_FOUND);
    }
    return { path, name: safeFileName(row.originalName), mimeType: row.mimeType };
  }

  /** The uploader, or someone who may edit every task. */
  async remove(user: AuthenticatedUser, taskId: number, attachmentId: number): Promise<void> {
    const row = await this.find(user, taskId, attachmentId, false);
    if (row.userId !== user.id && !canEditAllTasks(user)) throw new ForbiddenException('Só quem enviou o anexo pode removê-lo');
    await this.attachments.remove(attachmentId);
    await unlink(join(this.dir, row.storedName)).catch(() => undefined);
  }
}

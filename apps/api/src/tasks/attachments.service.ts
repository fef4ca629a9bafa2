import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { canEditAllTasks, type TaskAttachment } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { safeFileName } from './attachment-name';
import { TaskBoard } from './task-board.service';

export const ATTACHMENT_NOT_FOUND = 'Anexo não encontrado';

interface AttachmentRow extends Omit<TaskAttachment, 'createdAt'> {
  createdAt: Date;
  storedName: string;
  taskId: number;
}

/** Task attachments on disk under UPLOAD_DIR/attachments, named at random. */
@Injectable()
export class AttachmentsService {
  private readonly dir: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tasks: TaskBoard,
  ) {
    this.dir = resolve(config.uploadDir, 'attachments');
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
    const rows: AttachmentRow[] = await this.dataSource.query(`SELECT * FROM task_attachments WHERE "taskId" = $1 ORDER BY id`, [taskId]);
    return rows.map((r) => this.toAttachment(r));
  }

  async add(
    user: AuthenticatedUser,
    taskId: number,
    file: { originalname: string; mimetype: string; size: number; buffer: Buffer },
  ): Promise<TaskAttachment> {
    await this.tasks.taskFor(user, taskId, true);
    await mkdir(this.dir, { recursive: true });
    const storedName = randomBytes(16).toString('hex');
    await writeFile(join(this.dir, storedName), file.buffer);
    try {
      const [row] = await this.dataSource.query(
        `INSERT INTO task_attachments ("taskId", "userId", "originalName", "storedName", "mimeType", size) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [
          taskId,
          user.id,
          safeFileName(file.originalname),
          storedName,
          (file.mimetype || 'application/octet-stream').slice(0, 150),
          file.size,
        ],
      );
      return this.toAttachment(row);
    } catch (error) {
      await unlink(join(this.dir, storedName)).catch(() => undefined);
      throw error;
    }
  }

  private async find(user: AuthenticatedUser, taskId: number, attachmentId: number, edit: boolean): Promise<AttachmentRow> {
    await this.tasks.taskFor(user, taskId, edit);
    const [row] = await this.dataSource.query(`SELECT * FROM task_attachments WHERE id = $1 AND "taskId" = $2`, [attachmentId, taskId]);
    if (!row) throw new NotFoundException(ATTACHMENT_NOT_FOUND);
    return row;
  }

  async file(user: AuthenticatedUser, taskId: number, attachmentId: number): Promise<{ path: string; name: string; mimeType: string }> {
    const row = await this.find(user, taskId, attachmentId, false);
    return { path: join(this.dir, row.storedName), name: safeFileName(row.originalName), mimeType: row.mimeType };
  }

  /** The uploader, or someone who may edit every task. */
  async remove(user: AuthenticatedUser, taskId: number, attachmentId: number): Promise<void> {
    const row = await this.find(user, taskId, attachmentId, false);
    if (row.userId !== user.id && !canEditAllTasks(user)) throw new ForbiddenException('Só quem enviou o anexo pode removê-lo');
    await this.dataSource.query(`DELETE FROM task_attachments WHERE id = $1`, [attachmentId]);
    await unlink(join(this.dir, row.storedName)).catch(() => undefined);
  }
}

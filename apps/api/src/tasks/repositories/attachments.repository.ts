import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TaskAttachment } from '@wkflow/contracts';
import { ModuleRepository } from '../../platform/database/repository';

/** A task_attachments row. */
export interface AttachmentRow extends Omit<TaskAttachment, 'createdAt'> {
  createdAt: Date;
  storedName: string;
  taskId: number;
}

/** Every query of task_attachments. */
@Injectable()
export class AttachmentsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Which of these stored file names have a row. */
  async storedNames(names: string[]): Promise<string[]> {
    const rows: { storedName: string }[] = await this.dataSource.query(
      `SELECT "storedName" FROM task_attachments WHERE "storedName" = ANY($1::varchar[])`,
      [names],
    );
    return rows.map((row) => row.storedName);
  }

  ofTask(taskId: number): Promise<AttachmentRow[]> {
    return this.dataSource.query(`SELECT * FROM task_attachments WHERE "taskId" = $1 ORDER BY id`, [taskId]);
  }

  async find(taskId: number, attachmentId: number): Promise<AttachmentRow | undefined> {
    const [row]: AttachmentRow[] = await this.dataSource.query(`SELECT * FROM task_attachments WHERE id = $1 AND "taskId" = $2`, [
      attachmentId,
      taskId,
    ]);
    return row;
  }

  async insert(
    attachment: Pick<AttachmentRow, 'taskId' | 'userId' | 'originalName' | 'storedName' | 'mimeType' | 'size'>,
  ): Promise<AttachmentRow> {
    const [row]: AttachmentRow[] = await this.dataSource.query(
      `INSERT INTO task_attachments ("taskId", "userId", "originalName", "storedName", "mimeType", size) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [attachment.taskId, attachment.userId, attachment.originalName, attachment.storedName, attachment.mimeType, attachment.size],
    );
    return row;
  }

  async remove(attachmentId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM task_attachments WHERE id = $1`, [attachmentId]);
  }
}

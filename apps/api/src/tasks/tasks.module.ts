import { ClientsModule } from '../clients/clients.module';
import { UsersModule } from '../users/users.module';
import { Module } from '@nestjs/common';
import { AttachmentsService } from './attachments.service';
import { BoardChangeLog } from './board-changes';
import { ColumnsService } from './columns.service';
import { TaskBoard } from './task-board.service';
import { AttachmentsRepository } from './repositories/attachments.repository';
import { BoardChangesRepository } from './repositories/board-changes.repository';
import { ColumnsRepository } from './repositories/columns.repository';
import { TaskBoardRepository } from './repositories/task-board.repository';
import { TaskNotesRepository } from './repositories/task-notes.repository';
import { TaskOrderRepository } from './repositories/task-order.repository';
import { TasksRepository } from './repositories/tasks.repository';
import { TaskOrdering } from './task-order.service';
import { TaskRows } from './task-rows';
import { TaskCommentsService } from './task-comments.service';
import { TaskHistoryWriter } from './task-history';
import { TaskLookup } from './task-lookup';
import { ColumnsController, TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

/**
 * Triggers feeding its caches: migrations 1795420000000-Performance and 1795580000000-BoardChanges
 * (deferred row triggers on tasks, task_assignees, task_attachments and columns raise board_version
 * once per transaction, log the change in board_changes and notify 'wkflow_board': the serialised
 * board is kept per version, and the board feed sends each socket its delta), and
 * 1795450000000-TaskRank (a task entering a column without a new key gets one at the end).
 */
@Module({
  imports: [UsersModule, ClientsModule],
  controllers: [ColumnsController, TasksController],
  providers: [
    TasksService,
    TaskBoard,
    TaskBoardRepository,
    TasksRepository,
    TaskOrderRepository,
    TaskNotesRepository,
    ColumnsRepository,
    AttachmentsRepository,
    BoardChangesRepository,
    TaskOrdering,
    TaskRows,
    TaskCommentsService,
    TaskLookup,
    TaskHistoryWriter,
    ColumnsService,
    AttachmentsService,
    BoardChangeLog,
  ],
  exports: [TasksService, TaskBoard, TaskLookup, TaskHistoryWriter, BoardChangeLog],
})
export class TasksModule {}

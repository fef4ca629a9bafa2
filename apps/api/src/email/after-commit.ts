import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

interface Pending {
  /** Transaction depth when registered: a rollback to an outer savepoint drops it. */
  depth: number;
  run: () => void | Promise<void>;
}

const depthOf = (runner: QueryRunner): number => (runner as unknown as { transactionDepth: number }).transactionDepth ?? 1;

/**
 * Side effects that must not run before the data they announce is visible (a queue job for an
 * outbox row, a /ws push of a notification row): run now without a transaction, otherwise after
 * the caller's transaction commits, and never when it rolls back.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AfterCommit.name);
  private readonly pending = new WeakMap<QueryRunner, Pending[]>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  onModuleDestroy(): void {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  run(manager: EntityManager | undefined, effect: () => void | Promise<void>): void {
    const runner = manager?.queryRunner;
    if (!runner?.isTransactionActive) return this.execute(effect);
    const list = this.pending.get(runner) ?? [];
    list.push({ depth: depthOf(runner), run: effect });
    this.pending.set(runner, list);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return; // a savepoint was released: wait for the real commit
    const list = this.pending.get(queryRunner);
    this.pending.delete(queryRunner);
    for (const item of list ?? []) this.execute(item.run);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    const list = this.pending.get(queryRunner);
    if (!list) return;
    if (!queryRunner.isTransactionActive) return void this.pending.delete(queryRunner);
    const depth = depthOf(queryRunner);
    this.pending.set(
      queryRunner,
      list.filter((item) => item.depth <= depth),
    );
  }

  private execute(effect: () => void | Promise<void>): void {
    Promise.resolve()
      .then(effect)
      .catch((error: unknown) => this.logger.warn(`after-commit effect failed: ${error instanceof Error ? error.message : error}`));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  OnboardingProcess,
  OnboardingProcessStatus,
  OnboardingProgress,
  OnboardingStep,
  OnboardingStepStatus,
  OnboardingStepTemplate,
} from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';

/** A process as stored: the client's and assignee's names come from their modules. */
export type ProcessRow = Omit<OnboardingProcess, 'client_name' | 'assigned_username' | 'assigned_name'>;

/** A step of a new process: its template, and for the demo seed its state and when it was completed. */
export interface NewStep extends OnboardingStepTemplate {
  status?: OnboardingStepStatus;
  notes?: string | null;
  completedDaysAgo?: number | null;
}

const PROCESS_COLUMNS = `
  p.id, p."clientId" AS client_id, p.status,
  p."currentStep" AS current_step, p."totalSteps" AS total_steps,
  p."assignedTo" AS assigned_to,
  p."startedAt" AS started_at, p."createdAt" AS created_at, p."completedAt" AS completed_at
  FROM onboarding_processes p`;

const STEP_COLUMNS = `
  id, "processId" AS process_id, name, description, category, "estimatedDuration" AS estimated_duration,
  "stepOrder" AS step_order, status, notes, "completedAt" AS completed_at`;

/** Every query of the onboarding module: onboarding_processes and onboarding_steps. */
@Injectable()
export class OnboardingRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Every process, newest first. */
  processes(): Promise<ProcessRow[]> {
    return this.dataSource.query(`SELECT ${PROCESS_COLUMNS} ORDER BY p."createdAt" DESC, p.id DESC`);
  }

  async process(id: number, db: Db = this.dataSource): Promise<ProcessRow | null> {
    const [row] = await db.query(`SELECT ${PROCESS_COLUMNS} WHERE p.id = $1`, [id]);
    return row ?? null;
  }

  /** The process's status, locked for update in the caller's transaction; null when there is none. */
  async lockProcess(id: number, db: EntityManager): Promise<{ id: number; status: OnboardingProcessStatus } | null> {
    const [row] = await db.query(`SELECT id, status FROM onboarding_processes WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Whether the client has a process still open (pending or in progress); `anyStatus` counts closed ones too. */
  async clientHasProcess(clientId: number, db: EntityManager, anyStatus = false): Promise<boolean> {
    const [row] = await db.query(
      `SELECT 1 FROM onboarding_processes WHERE "clientId" = $1 AND ($2::boolean OR status IN ('pending', 'in_progress'))`,
      [clientId, anyStatus],
    );
    return Boolean(row);
  }

  /** Inserts a process with its steps (in order); its id. */
  async insertProcess(
    process: { clientId: number; assignedTo: number | null; progress: OnboardingProgress; startedDaysAgo?: number },
    steps: readonly NewStep[],
    db: EntityManager,
  ): Promise<number> {
    const { clientId, assignedTo, progress, startedDaysAgo } = process;
    const [{ id }]: { id: number }[] = await db.query(
      `INSERT INTO onboarding_processes ("clientId", status, "currentStep", "totalSteps", "assignedTo", "startedAt", "createdAt")
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6::int), now() - make_interval(days => COALESCE($6::int, 0)))
       RETURNING id`,
      [clientId, progress.status, progress.currentStep, progress.totalSteps, assignedTo, startedDaysAgo ?? null],
    );
    await db.query(
      `INSERT INTO onboarding_steps ("processId", name, description, category, "estimatedDuration", "stepOrder", status, notes, "completedAt")
       SELECT $1, t.name, t.description, t.category, t.duration, t.ord, t.status, t.notes, now() - make_interval(days => t.days_ago)
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[])
              WITH ORDINALITY AS t(name, description, category, duration, status, notes, days_ago, ord)`,
      [
        id,
        steps.map((s) => s.name),
        steps.map((s) => s.description),
        steps.map((s) => s.category),
        steps.map((s) => s.estimatedDuration),
        steps.map((s) => s.status ?? 'pending'),
        steps.map((s) => s.notes ?? null),
        steps.map((s) => s.completedDaysAgo ?? null),
      ],
    );
    return id;
  }

  steps(processId: number): Promise<OnboardingStep[]> {
    return this.dataSource.query(`SELECT ${STEP_COLUMNS} FROM onboarding_steps WHERE "processId" = $1 ORDER BY "stepOrder", id`, [
      processId,
    ]);
  }

  /**
   * Sets the step's status (completedAt kept when it stays completed, set when it becomes so,
   * cleared otherwise) and its notes when `notes` is given; null when the process has no such step.
   */
  async updateStep(
    processId: number,
    stepId: number,
    change: { status: OnboardingStepStatus; notes?: string | null },
    db: EntityManager,
  ): Promise<OnboardingStep | null> {
    const [rows]: [OnboardingStep[], number] = await db.query(
      `UPDATE onboarding_steps
          SET "completedAt" = CASE WHEN $3::text = 'completed' THEN COALESCE(CASE WHEN status = 'completed' THEN "completedAt" END, now()) END,
              status = $3::text,
              notes = CASE WHEN $4::boolean THEN $5::text ELSE notes END
        WHERE id = $1 AND "processId" = $2
        RETURNING ${STEP_COLUMNS}`,
      [stepId, processId, change.status, change.notes !== undefined, change.notes ?? null],
    );
    return rows[0] ?? null;
  }

  stepStatuses(processId: number, db: EntityManager): Promise<{ status: OnboardingStepStatus }[]> {
    return db.query(`SELECT status FROM onboarding_steps WHERE "processId" = $1`, [processId]);
  }

  /** Writes the process's progress: started_at at the first start, completed_at when it completes. */
  async setProgress(processId: number, progress: OnboardingProgress, db: EntityManager): Promise<void> {
    await db.query(
      `UPDATE onboarding_processes
          SET status = $2::text, "currentStep" = $3, "totalSteps" = $4,
              "startedAt" = CASE WHEN $2::text <> 'pending' THEN COALESCE("startedAt", now()) ELSE "startedAt" END,
              "completedAt" = CASE WHEN $2::text = 'completed' THEN COALESCE("completedAt", now()) END
        WHERE id = $1`,
      [processId, progress.status, progress.currentStep, progress.totalSteps],
    );
  }
}

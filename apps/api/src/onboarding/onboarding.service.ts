import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CLIENT_MESSAGES,
  ONBOARDING_MESSAGES,
  ONBOARDING_STEP_TEMPLATE,
  type OnboardingProcess,
  type OnboardingStep,
  type OnboardingStepStatus,
  onboardingProgress,
  type UpdateOnboardingStepResponse,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import type { StartOnboardingDto, UpdateOnboardingStepDto } from './dto/onboarding.dto';
import { isUniqueViolation } from '../common/db-errors';

const PROCESS_COLUMNS = `
  p.id, p."clientId" AS client_id, p.status,
  p."currentStep" AS current_step, p."totalSteps" AS total_steps,
  p."assignedTo" AS assigned_to,
  p."startedAt" AS started_at, p."createdAt" AS created_at, p."completedAt" AS completed_at
  FROM onboarding_processes p`;

type ProcessRow = Omit<OnboardingProcess, 'client_name' | 'assigned_username' | 'assigned_name'>;

const STEP_COLUMNS = `
  id, "processId" AS process_id, name, description, category, "estimatedDuration" AS estimated_duration,
  "stepOrder" AS step_order, status, notes, "completedAt" AS completed_at`;

/** Onboarding processes and their steps; a process's status and progress always follow its steps. */
@Injectable()
export class OnboardingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clients: ClientDirectory,
    private readonly users: UserDirectory,
  ) {}

  /** Every process, newest first (the client's and assignee's names: one query each for the page). */
  async list(): Promise<OnboardingProcess[]> {
    return this.withNames(await this.dataSource.query(`SELECT ${PROCESS_COLUMNS} ORDER BY p."createdAt" DESC, p.id DESC`));
  }

  private async withNames(rows: ProcessRow[], db: EntityManager = this.dataSource.manager): Promise<OnboardingProcess[]> {
    const [clients, users] = await Promise.all([
      this.clients.namesByIds(
        rows.map((row) => row.client_id),
        db,
      ),
      this.users.refsByIds(
        rows.map((row) => row.assigned_to),
        db,
      ),
    ]);
    return rows.map((row) => {
      const assignee = row.assigned_to === null ? undefined : users.get(row.assigned_to);
      return {
        id: row.id,
        client_id: row.client_id,
        client_name: clients.get(row.client_id) ?? '',
        status: row.status,
        current_step: row.current_step,
        total_steps: row.total_steps,
        assigned_to: row.assigned_to,
        assigned_username: assignee?.username ?? null,
        assigned_name: assignee?.name ?? null,
        started_at: row.started_at,
        created_at: row.created_at,
        completed_at: row.completed_at,
      };
    });
  }

  /** Starts a process from the step template; the starter is its assignee. One open process per client. */
  async start(dto: StartOnboardingDto, user: AuthenticatedUser): Promise<OnboardingProcess> {
    try {
      return await this.dataSource.transaction(async (db) => {
        // Locking the client serialises two starts for the same client.
        if (!(await this.clients.lock(dto.clientId, db))) throw new NotFoundException(CLIENT_MESSAGES.notFound);
        const [open] = await db.query(`SELECT 1 FROM onboarding_processes WHERE "clientId" = $1 AND status IN ('pending', 'in_progress')`, [
          dto.clientId,
        ]);
        if (open) throw new ConflictException(ONBOARDING_MESSAGES.alreadyOpen);

        const [{ id }] = await db.query(
          `INSERT INTO onboarding_processes ("clientId", status, "currentStep", "totalSteps", "assignedTo")
           VALUES ($1, 'pending', 0, $2, $3) RETURNING id`,
          [dto.clientId, ONBOARDING_STEP_TEMPLATE.length, user.id],
        );
        await db.query(
          `INSERT INTO onboarding_steps ("processId", name, description, category, "estimatedDuration", "stepOrder")
           SELECT $1, t.name, t.description, t.category, t.duration, t.ord
             FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) WITH ORDINALITY AS t(name, description, category, duration, ord)`,
          [
            id,
            ONBOARDING_STEP_TEMPLATE.map((s) => s.name),
            ONBOARDING_STEP_TEMPLATE.map((s) => s.description),
            ONBOARDING_STEP_TEMPLATE.map((s) => s.category),
            ONBOARDING_STEP_TEMPLATE.map((s) => s.estimatedDuration),
          ],
        );
        return this.process(id, db);
      });
    } catch (error) {
      // The partial unique index is the last word if two starts ever got past the check.
      if (isUniqueViolation(error)) {
        throw new ConflictException(ONBOARDING_MESSAGES.alreadyOpen);
      }
      throw error;
    }
  }

  async steps(processId: number): Promise<OnboardingStep[]> {
    const steps: OnboardingStep[] = await this.dataSource.query(
      `SELECT ${STEP_COLUMNS} FROM onboarding_steps WHERE "processId" = $1 ORDER BY "stepOrder", id`,
      [processId],
    );
    if (!steps.length) await this.process(processId);
    return steps;
  }

  /**
   * Sets a step to in_progress or completed (with notes) and recomputes the process in the same
   * transaction: status and current_step from onboardingProgress, started_at at the first start,
   * completed_at when the last step completes. A step may be reopened while the process is open.
   */
  async updateStep(processId: number, stepId: number, dto: UpdateOnboardingStepDto): Promise<UpdateOnboardingStepResponse> {
    return this.dataSource.transaction(async (db) => {
      const [process] = await db.query(`SELECT id, status FROM onboarding_processes WHERE id = $1 FOR UPDATE`, [processId]);
      if (!process) throw new NotFoundException(ONBOARDING_MESSAGES.processNotFound);
      if (process.status === 'cancelled') throw new ConflictException(ONBOARDING_MESSAGES.cancelled);
      // A completed process is closed (the client may already have a new one): its notes may still
      // be edited, but no step goes back to in progress.
      if (process.status === 'completed' && dto.status !== 'completed') throw new ConflictException(ONBOARDING_MESSAGES.completed);

      const [step]: OnboardingStep[] = await db
        .query(
          `UPDATE onboarding_steps
            SET "completedAt" = CASE WHEN $3::text = 'completed' THEN COALESCE(CASE WHEN status = 'completed' THEN "completedAt" END, now()) END,
                status = $3::text,
                notes = CASE WHEN $4::boolean THEN $5::text ELSE notes END
          WHERE id = $1 AND "processId" = $2
          RETURNING ${STEP_COLUMNS}`,
          [stepId, processId, dto.status, dto.notes !== undefined, dto.notes ?? null],
        )
        .then((result: [OnboardingStep[], number]) => result[0]);
      if (!step) throw new NotFoundException(ONBOARDING_MESSAGES.stepNotFound);

      const statuses: { status: OnboardingStepStatus }[] = await db.query(`SELECT status FROM onboarding_steps WHERE "processId" = $1`, [
        processId,
      ]);
      const progress = onboardingProgress(statuses);
      await db.query(
        `UPDATE onboarding_processes
            SET status = $2::text, "currentStep" = $3, "totalSteps" = $4,
                "startedAt" = CASE WHEN $2::text <> 'pending' THEN COALESCE("startedAt", now()) ELSE "startedAt" END,
                "completedAt" = CASE WHEN $2::text = 'completed' THEN COALESCE("completedAt", now()) END
          WHERE id = $1`,
        [processId, progress.status, progress.currentStep, progress.totalSteps],
      );
      return { step, process: await this.process(processId, db) };
    });
  }

  private async process(id: number, db: EntityManager = this.dataSource.manager): Promise<OnboardingProcess> {
    const [process] = await this.withNames(await db.query(`SELECT ${PROCESS_COLUMNS} WHERE p.id = $1`, [id]), db);
    if (!process) throw new NotFoundException(ONBOARDING_MESSAGES.processNotFound);
    return process;
  }
}

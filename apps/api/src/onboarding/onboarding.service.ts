import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CLIENT_MESSAGES,
  ONBOARDING_MESSAGES,
  ONBOARDING_STEP_TEMPLATE,
  type OnboardingProcess,
  type OnboardingStep,
  onboardingProgress,
  type UpdateOnboardingStepResponse,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import type { StartOnboardingDto, UpdateOnboardingStepDto } from './dto/onboarding.dto';
import { isUniqueViolation } from '../platform/database/db-errors';
import { OnboardingRepository, type ProcessRow } from './onboarding.repository';

/** Onboarding processes and their steps; a process's status and progress always follow its steps. */
@Injectable()
export class OnboardingService {
  constructor(
    private readonly onboarding: OnboardingRepository,
    private readonly clients: ClientDirectory,
    private readonly users: UserDirectory,
  ) {}

  /** Every process, newest first (the client's and assignee's names: one query each for the page). */
  async list(): Promise<OnboardingProcess[]> {
    return this.withNames(await this.onboarding.processes());
  }

  private async withNames(rows: ProcessRow[], db?: EntityManager): Promise<OnboardingProcess[]> {
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
      return await this.onboarding.transaction(async (db) => {
        // Locking the client serialises two starts for the same client.
        if (!(await this.clients.lock(dto.clientId, db))) throw new NotFoundException(CLIENT_MESSAGES.notFound);
        if (await this.onboarding.clientHasProcess(dto.clientId, db)) throw new ConflictException(ONBOARDING_MESSAGES.alreadyOpen);
        const id = await this.onboarding.insertProcess(
          {
            clientId: dto.clientId,
            assignedTo: user.id,
            progress: onboardingProgress(ONBOARDING_STEP_TEMPLATE.map(() => ({ status: 'pending' as const }))),
          },
          ONBOARDING_STEP_TEMPLATE,
          db,
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
    const steps = await this.onboarding.steps(processId);
    if (!steps.length) await this.process(processId);
    return steps;
  }

  /**
   * Sets a step to in_progress or completed (with notes) and recomputes the process in the same
   * transaction: status and current_step from onboardingProgress, started_at at the first start,
   * completed_at when the last step completes. A step may be reopened while the process is open.
   */
  async updateStep(processId: number, stepId: number, dto: UpdateOnboardingStepDto): Promise<UpdateOnboardingStepResponse> {
    return this.onboarding.transaction(async (db) => {
      const process = await this.onboarding.lockProcess(processId, db);
      if (!process) throw new NotFoundException(ONBOARDING_MESSAGES.processNotFound);
      if (process.status === 'cancelled') throw new ConflictException(ONBOARDING_MESSAGES.cancelled);
      // A completed process is closed (the client may already have a new one): its notes may still
      // be edited, but no step goes back to in progress.
      if (process.status === 'completed' && dto.status !== 'completed') throw new ConflictException(ONBOARDING_MESSAGES.completed);

      const step = await this.onboarding.updateStep(processId, stepId, { status: dto.status, notes: dto.notes }, db);
      if (!step) throw new NotFoundException(ONBOARDING_MESSAGES.stepNotFound);
      const progress = onboardingProgress(await this.onboarding.stepStatuses(processId, db));
      await this.onboarding.setProgress(processId, progress, db);
      return { step, process: await this.process(processId, db) };
    });
  }

  private async process(id: number, db?: EntityManager): Promise<OnboardingProcess> {
    const row = await this.onboarding.process(id, db);
    const [process] = row ? await this.withNames([row], db) : [];
    if (!process) throw new NotFoundException(ONBOARDING_MESSAGES.processNotFound);
    return process;
  }
}

import type { DataSource } from 'typeorm';
import { ONBOARDING_STEP_TEMPLATE, onboardingProgress, type OnboardingStepStatus } from '@wkflow/contracts';

const DEMO_CLIENT = 'Verde Vida Orgânicos';

/**
 * One onboarding process in progress (two steps done, the third started) for a demo client,
 * started by carlos. Runs after seedClientsDemo; idempotent (skipped when the client already has
 * a process or is missing).
 */
export async function seedOnboardingDemo(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const [client] = await db.query(`SELECT id FROM clients WHERE lower(name) = lower($1) ORDER BY id LIMIT 1`, [DEMO_CLIENT]);
    if (!client) return;
    const [existing] = await db.query(`SELECT 1 FROM onboarding_processes WHERE "clientId" = $1`, [client.id]);
    if (existing) return;
    const [starter] = await db.query(`SELECT id FROM users WHERE "isApproved" AND lower(username) = 'carlos'`);

    const statuses: OnboardingStepStatus[] = ONBOARDING_STEP_TEMPLATE.map((_, index) =>
      index < 2 ? 'completed' : index === 2 ? 'in_progress' : 'pending',
    );
    const progress = onboardingProgress(statuses.map((status) => ({ status })));
    const [{ id }] = await db.query(
      `INSERT INTO onboarding_processes ("clientId", status, "currentStep", "totalSteps", "assignedTo", "startedAt", "createdAt")
       VALUES ($1, $2, $3, $4, $5, now() - interval '3 days', now() - interval '3 days') RETURNING id`,
      [client.id, progress.status, progress.currentStep, progress.totalSteps, starter?.id ?? null],
    );
    for (const [index, step] of ONBOARDING_STEP_TEMPLATE.entries()) {
      await db.query(
        `INSERT INTO onboarding_steps ("processId", name, description, category, "estimatedDuration", "stepOrder", status, notes, "completedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7::text, $8, CASE WHEN $7::text = 'completed' THEN now() - make_interval(days => $9::int) END)`,
        [
          id,
          step.name,
          step.description,
          step.category,
          step.estimatedDuration,
          index + 1,
          statuses[index],
          index === 0 ? 'Kickoff feito com a diretoria.' : null,
          2 - index,
        ],
      );
    }
  });
}

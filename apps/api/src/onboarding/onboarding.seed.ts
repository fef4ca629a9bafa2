import type { DataSource } from 'typeorm';
import { ONBOARDING_STEP_TEMPLATE, onboardingProgress, type OnboardingStepStatus } from '@wkflow/contracts';
import { ClientDirectory } from '../clients/client-directory';
import { ClientsRepository } from '../clients/clients.repository';
import { demoTeam } from '../platform/database/seeds/demo-team';
import { OnboardingRepository } from './onboarding.repository';

const DEMO_CLIENT = 'Verde Vida Orgânicos';

/**
 * One onboarding process in progress (two steps done, the third started) for a demo client,
 * started by carlos. Runs after seedClientsDemo; idempotent (skipped when the client already has
 * a process or is missing).
 */
export async function seedOnboardingDemo(dataSource: DataSource): Promise<void> {
  const onboarding = new OnboardingRepository(dataSource);
  const clients = new ClientDirectory(new ClientsRepository(dataSource));
  await onboarding.transaction(async (db) => {
    const clientId = await clients.idByName(DEMO_CLIENT, db);
    if (clientId === null || (await onboarding.clientHasProcess(clientId, db, true))) return;
    const starter = (await demoTeam(db, ['carlos'])).get('carlos') ?? null;

    const statuses: OnboardingStepStatus[] = ONBOARDING_STEP_TEMPLATE.map((_, index) =>
      index < 2 ? 'completed' : index === 2 ? 'in_progress' : 'pending',
    );
    const steps = ONBOARDING_STEP_TEMPLATE.map((step, index) => ({
      ...step,
      status: statuses[index],
      notes: index === 0 ? 'Kickoff feito com a diretoria.' : null,
      completedDaysAgo: statuses[index] === 'completed' ? 2 - index : null,
    }));
    const progress = onboardingProgress(steps);
    await onboarding.insertProcess({ clientId, assignedTo: starter, progress, startedDaysAgo: 3 }, steps, db);
  });
}

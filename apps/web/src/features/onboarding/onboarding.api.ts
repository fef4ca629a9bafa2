import type {
  StartOnboardingRequest,
  OnboardingProcess,
  UpdateOnboardingStepRequest,
  UpdateOnboardingStepResponse,
} from '@wkflow/contracts';
import { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** POST /api/onboarding {clientId}: starts a process from the step template. */
export async function startOnboarding(clientId: number): Promise<OnboardingProcess | null> {
  const process = await apiFetch<OnboardingProcess | null>('/api/onboarding', {
    method: 'POST',
    body: { clientId } satisfies StartOnboardingRequest,
  });
  await mutate(keys.onboarding);
  return process;
}

/** PUT /api/onboarding/{processId}/steps/{stepId} {status, notes}; the process status follows on the server. */
export async function updateStep(
  processId: number,
  stepId: number,
  body: UpdateOnboardingStepRequest,
): Promise<UpdateOnboardingStepResponse | null> {
  const step = await apiFetch<UpdateOnboardingStepResponse | null>(`/api/onboarding/${processId}/steps/${stepId}`, { method: 'PUT', body });
  await Promise.all([mutate(keys.onboardingSteps(processId)), mutate(keys.onboarding)]);
  return step;
}

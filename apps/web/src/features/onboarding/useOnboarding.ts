import useSWR from 'swr';
import { keys } from '../../lib/swr';
import type { OnboardingProcess, OnboardingStep } from '@wkflow/contracts';

/** GET /api/onboarding. */
export function useOnboardingProcesses(enabled = true) {
  return useSWR<OnboardingProcess[]>(enabled ? keys.onboarding : null);
}

/** GET /api/onboarding/{id}/steps. */
export function useOnboardingSteps(processId: number | null) {
  return useSWR<OnboardingStep[]>(processId ? keys.onboardingSteps(processId) : null);
}

/** The onboarding domain as the API speaks it (libs/contracts). */
export type {
  OnboardingCategory as StepCategory,
  OnboardingProcess,
  OnboardingProcessStatus as ProcessStatus,
  OnboardingStep,
  OnboardingStepStatus as StepStatus,
  UpdateOnboardingStepRequest as StepUpdate,
  UpdateOnboardingStepResponse,
} from '@wkflow/contracts';

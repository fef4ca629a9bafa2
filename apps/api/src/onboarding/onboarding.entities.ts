import { OnboardingProcessEntity } from './onboarding-process.entity';
import { OnboardingStepEntity } from './onboarding-step.entity';

/** The entities of the onboarding domain, registered once in platform/database/entities.ts. */
export const ONBOARDING_ENTITIES: Function[] = [OnboardingProcessEntity, OnboardingStepEntity];

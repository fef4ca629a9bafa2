import { ONBOARDING_MESSAGES } from '@wkflow/contracts';
import * as yup from 'yup';

export const onboardingMessages = {
  clientId: ONBOARDING_MESSAGES.selectClient,
} as const;

export interface StartOnboardingValues {
  /** The select's value: '' until a client is chosen. */
  clientId: string;
}

/** Starting a process needs a selected client (extended.md §5). */
export const startOnboardingSchema: yup.ObjectSchema<StartOnboardingValues> = yup.object({
  clientId: yup
    .string()
    .defined()
    .required(onboardingMessages.clientId)
    .matches(/^[1-9]\d*$/, onboardingMessages.clientId),
});

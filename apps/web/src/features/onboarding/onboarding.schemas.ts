import { ONBOARDING_MESSAGES, type StartOnboardingRequest } from '@wkflow/contracts';
import * as yup from 'yup';
import type { FormFields } from '../../lib/formFields';

export const onboardingMessages = {
  clientId: ONBOARDING_MESSAGES.selectClient,
} as const;

/** The client as the select holds it: '' until one is chosen. */
export type StartOnboardingValues = FormFields<StartOnboardingRequest>;

/** Starting a process needs a selected client (extended.md §5). */
export const startOnboardingSchema: yup.ObjectSchema<StartOnboardingValues> = yup.object({
  clientId: yup
    .string()
    .defined()
    .required(onboardingMessages.clientId)
    .matches(/^[1-9]\d*$/, onboardingMessages.clientId),
});

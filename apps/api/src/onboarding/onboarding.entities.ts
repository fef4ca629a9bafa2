/** The entities of the onboarding domain, registered once in database/entities.ts. */
export const ONBOARDING_ENTITIES: Function[] = [];

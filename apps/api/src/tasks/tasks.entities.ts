/** The entities of the tasks domain, registered once in database/entities.ts. */
export const TASKS_ENTITIES: Function[] = [];

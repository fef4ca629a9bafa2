/** The entities of the chat domain, registered once in database/entities.ts. */
export const CHAT_ENTITIES: Function[] = [];

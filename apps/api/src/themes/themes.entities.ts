import { ThemeEntity } from './theme.entity';
import { UserThemeEntity } from './user-theme.entity';

/** The entities of the themes domain, registered once in platform/database/entities.ts. */
export const THEMES_ENTITIES: Function[] = [ThemeEntity, UserThemeEntity];

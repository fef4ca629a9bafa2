import { AuditLogEntity } from '../audit/audit-log.entity';
import { AccessProfileEntity } from './access-profile.entity';
import { ModulePermissionEntity } from './module-permission.entity';
import { UserEntity } from './user.entity';

/** The entities of the users domain, registered once in platform/database/entities.ts. */
export const USERS_ENTITIES: Function[] = [UserEntity, AccessProfileEntity, ModulePermissionEntity, AuditLogEntity];

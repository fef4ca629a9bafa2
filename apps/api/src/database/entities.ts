import { AuditLogEntity } from '../audit/audit-log.entity';
import { AccessProfileEntity } from '../users/access-profile.entity';
import { ModulePermissionEntity } from '../users/module-permission.entity';
import { UserEntity } from '../users/user.entity';

/** Every entity of the API, registered once for the data source and the migration check. */
export const ENTITIES = [UserEntity, AccessProfileEntity, ModulePermissionEntity, AuditLogEntity];

/** The users domain as the API speaks it (libs/contracts). */
export type {
  AccessProfile,
  CreateUserRequest,
  ModulePermission,
  PermissionEntry,
  SetUserPasswordRequest,
  UpdateUserRequest,
  User,
} from '@wkflow/contracts';

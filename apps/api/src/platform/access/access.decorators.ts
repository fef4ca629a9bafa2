import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ModuleName, PermissionNeed } from '@wkflow/contracts';
import type { AuthenticatedUser } from './authenticated-user';

/** What a route requires. Every route declares one; a route without it is refused. */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; module: ModuleName; need: PermissionNeed }
  | { kind: 'admin' }
  | { kind: 'recommendations' };

export const ACCESS_RULE = 'wkflow:access-rule';

/** Anyone, logged in or not. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
/** Any logged-in, approved user. */
export const Authenticated = () => SetMetadata(ACCESS_RULE, { kind: 'authenticated' } satisfies AccessRule);
/** A logged-in user whose profile grants `need` on `module` (core.md §6). */
export const RequirePermission = (module: ModuleName, need: PermissionNeed) =>
  SetMetadata(ACCESS_RULE, { kind: 'permission', module, need } satisfies AccessRule);
/** Role admin or access profile 1 (admin tools). */
export const AdminOnly = () => SetMetadata(ACCESS_RULE, { kind: 'admin' } satisfies AccessRule);
/** Users read plus access profile 1 or role manager: canSeeRecommendations, as the web decides (extended.md §6). */
export const RecommendationsAccess = () => SetMetadata(ACCESS_RULE, { kind: 'recommendations' } satisfies AccessRule);

/** The user the guard loaded for this request. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  return context.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});

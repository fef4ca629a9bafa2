import { scopesGrant } from '@wkflow/contracts';
import type { AccessRule } from './access.decorators';

const SAFE = new Set(['GET', 'HEAD']);
/** The 'authenticated' routes a token reaches: who it belongs to. */
const TOKEN_ROUTES_OF_ANY_SCOPE = new Set(['/api/auth/me']);

/**
 * Whether a personal API token's scopes reach a route (its owner's permissions are checked too,
 * as for a session). A module's route needs the module's scope at the route's level, and any write
 * (POST, PUT, PATCH, DELETE) the module's write scope; administrators' tools and the account's own
 * settings (its sessions, password, second factor, tokens) are for a signed-in person only.
 */
export function tokenReaches(scopes: readonly string[], rule: AccessRule, method: string, path: string): boolean {
  const reading = SAFE.has(method.toUpperCase());
  switch (rule.kind) {
    case 'public':
      return true;
    case 'permission':
      return scopesGrant(scopes, rule.module, reading ? rule.need : 'write');
    case 'recommendations':
      return reading && scopesGrant(scopes, 'users', 'read');
    case 'authenticated':
      return reading && TOKEN_ROUTES_OF_ANY_SCOPE.has(path);
    case 'admin':
      return false;
  }
}

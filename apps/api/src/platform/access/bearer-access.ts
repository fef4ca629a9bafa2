import type { Request } from 'express';
import type { AuthenticatedUser } from './authenticated-user';

/** A request's personal API token: its owner as the access rules see him, and its scopes (`module:level`). */
export interface BearerGrant {
  user: AuthenticatedUser;
  scopes: readonly string[];
}

/**
 * What the access guard needs of personal API tokens, which the auth module owns and provides
 * (its Passport bearer strategy): the grant of a request's `Authorization: Bearer` token.
 */
export abstract class BearerAccess {
  /** Null when the token is unknown, expired, revoked, or its owner is no longer approved. */
  abstract grant(request: Request): Promise<BearerGrant | null>;
}

/** Whether the request authenticates with a bearer token (then its session cookie, if any, is not looked at). */
export function carriesBearerToken(request: Pick<Request, 'headers'>): boolean {
  return /^bearer\s/i.test(request.headers.authorization ?? '');
}

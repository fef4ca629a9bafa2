import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import {
  API_TOKEN_MESSAGES,
  can,
  canSeeRecommendations,
  isAdmin,
  RECOMMENDATIONS_RESTRICTED_MESSAGE,
  RECOMMENDATIONS_RESTRICTED_TITLE,
} from '@wkflow/contracts';
import { ACCESS_RULE, type AccessRule } from './access.decorators';
import type { AuthenticatedUser } from './authenticated-user';
import { BearerAccess, carriesBearerToken } from './bearer-access';
import { SessionAccess } from './session-access';
import { tokenReaches } from './token-reach';

export const NOT_LOGGED_IN = 'Não autenticado';
export const NOT_ALLOWED = 'Você não tem permissão para esta ação';
/** Users read without profile 1 or role manager: the page's own "Acesso Restrito" text. */
export const RECOMMENDATIONS_RESTRICTED = `${RECOMMENDATIONS_RESTRICTED_TITLE} – ${RECOMMENDATIONS_RESTRICTED_MESSAGE}`;

/**
 * The one guard: reads the route's access rule and checks it against the session's user, or the
 * owner of the request's personal API token (`Authorization: Bearer`) within the token's scopes.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionAccess,
    private readonly tokens: BearerAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) {
      // Fail closed: a route that forgot to declare its rule is nobody's.
      this.logger.error(`Route ${context.getClass().name}.${context.getHandler().name} declares no access rule`);
      throw new ForbiddenException(NOT_ALLOWED);
    }
    if (rule.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const user = carriesBearerToken(request) ? await this.tokenUser(request, rule) : await this.sessions.requestUser(request);
    if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
    request.user = user;

    switch (rule.kind) {
      case 'authenticated':
        return true;
      case 'admin':
        if (isAdmin(user)) return true;
        throw new ForbiddenException(NOT_ALLOWED);
      case 'permission':
        if (can(user, rule.module, rule.need)) return true;
        throw new ForbiddenException(NOT_ALLOWED);
      case 'recommendations':
        if (!can(user, 'users', 'read')) throw new ForbiddenException(NOT_ALLOWED);
        if (canSeeRecommendations(user, user)) return true;
        throw new ForbiddenException(RECOMMENDATIONS_RESTRICTED);
    }
  }

  /** A personal API token's owner, when the token is live and its scopes reach the route (then his own permissions are checked as for a session). */
  private async tokenUser(request: Request, rule: AccessRule): Promise<AuthenticatedUser> {
    const grant = await this.tokens.grant(request);
    if (!grant) throw new UnauthorizedException(API_TOKEN_MESSAGES.invalid);
    if (!tokenReaches(grant.scopes, rule, request.method, request.path)) throw new ForbiddenException(API_TOKEN_MESSAGES.outOfScope);
    return grant.user;
  }
}

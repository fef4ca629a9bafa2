import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export const HTTPS_REQUIRED = 'Entrar exige uma conexão segura (HTTPS): acesse o WKFlow por um endereço https://';

/**
 * On the routes that start a session (login, password reset): with Secure cookies (COOKIE_SECURE, on in
 * production) a request that reached us over plain http would get a 200 whose cookie the session
 * middleware never sends, a login that silently does not stick. It is refused (403) before anything
 * is checked or counted. `req.secure` is true over https, as the proxy says when TRUST_PROXY trusts it.
 */
@Injectable()
export class SecureCookieTransport implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.cookieSecure && !context.switchToHttp().getRequest<Request>().secure) throw new ForbiddenException(HTTPS_REQUIRED);
    return true;
  }
}

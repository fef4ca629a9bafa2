import { Controller, Get, Inject, Logger, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AuthProviders, returnPathOrHome } from '@wkflow/contracts';
import { Public } from '../../platform/access/access.decorators';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { ApiResult } from '../../platform/openapi/api-result';
import { AuthRepository } from '../auth.repository';
import { clientAddress } from '../client-source';
import { SecureCookieTransport } from '../secure-transport.guard';
import { OidcSignInService, SsoRefused } from './oidc-sign-in.service';
import { SignInService } from './sign-in.service';
import { SsoAccountsService } from './sso-accounts.service';

const HTTPS_ONLY = 'Over plain http while cookies are Secure (COOKIE_SECURE)';
const NOT_CONFIGURED = 'Single sign-on is not configured (OIDC_ISSUER_URL)';
const REDIRECT = { headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } };

/** A 302 without a body (as the strategy's own redirect to the provider). */
function redirect(response: Response, location: string): void {
  response.status(302).location(location).setHeader('Content-Length', '0');
  response.end();
}

/** The ways in the login screen offers, and single sign-on with the company's OpenID provider. */
@ApiTags('auth')
@Controller('auth')
export class SsoController {
  private readonly logger = new Logger(SsoController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcSignInService,
    private readonly accounts: SsoAccountsService,
    private readonly signIn: SignInService,
    private readonly records: AuthRepository,
  ) {}

  @Public()
  @Get('providers')
  @ApiResult('AuthProviders')
  providers(): AuthProviders {
    const oidc = this.config.oidc;
    return { oidc: oidc ? { label: oidc.buttonLabel } : null, passwordLogin: oidc?.only ? 'administrators' : 'everyone' };
  }

  /** 'Entrar com SSO': to the provider, keeping the page to come back to (404 when SSO is not configured). */
  @Public()
  @Get('oidc/login')
  @UseGuards(SecureCookieTransport)
  @ApiQuery({ name: 'returnTo', required: false, description: 'A path of the web app to open after signing in' })
  @ApiResponse({ status: 302, description: "To the provider's authorization endpoint, or to /login?sso=unavailable", ...REDIRECT })
  @ApiResponse({ status: 403, description: HTTPS_ONLY })
  @ApiResponse({ status: 404, description: NOT_CONFIGURED })
  async login(@Query('returnTo') returnTo: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    void this.oidc.settings;
    request.session.oidcReturnTo = returnPathOrHome(returnTo);
    try {
      await this.oidc.start(request, response);
    } catch (error) {
      if (!(error instanceof SsoRefused)) throw error;
      redirect(response, this.webPage(`/login?sso=${error.outcome}`));
    }
  }

  /** The provider sends the browser back here: signed in and into the web app, or to the login screen saying why not. */
  @Public()
  @Get('oidc/callback')
  @UseGuards(SecureCookieTransport)
  @ApiResponse({ status: 302, description: 'Into the web app, signed in; or to /login?sso=<outcome> (SsoOutcome)', ...REDIRECT })
  @ApiResponse({ status: 403, description: HTTPS_ONLY })
  @ApiResponse({ status: 404, description: NOT_CONFIGURED })
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    void this.oidc.settings;
    const returnTo = returnPathOrHome(request.session.oidcReturnTo);
    try {
      const claims = await this.oidc.finish(request, response);
      // SSO sign-ins rely on the provider's own second factor.
      await this.signIn.establish(request, await this.accounts.accountFor(claims), 'oidc');
      redirect(response, this.webPage(returnTo));
    } catch (error) {
      if (!(error instanceof SsoRefused)) throw error;
      this.logger.warn(`single sign-on refused (${error.outcome}): ${error.message}`);
      await this.records.audit({
        actorId: null,
        action: 'sign_in_failed',
        entity: 'user',
        entityId: null,
        data: { method: 'oidc', outcome: error.outcome, reason: error.message.slice(0, 200), address: clientAddress(request) },
      });
      redirect(response, this.webPage(`/login?sso=${error.outcome}`));
    }
  }

  /** A page of the web app: under WEB_URL, or on this origin (the web container proxies /api here). */
  private webPage(path: string): string {
    return `${this.config.webUrl ?? ''}${path}`;
  }
}

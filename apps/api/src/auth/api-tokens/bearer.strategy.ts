import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-http-bearer';
import { BearerAccess, type BearerGrant } from '../../platform/access/bearer-access';
import { ApiTokensService } from './api-tokens.service';

/** `Authorization: Bearer <personal API token>`: the token's owner and scopes (ApiTokensService.grant). */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: ApiTokensService) {
    super();
  }

  async validate(secret: string): Promise<BearerGrant | false> {
    return (await this.tokens.grant(secret)) ?? false;
  }
}

/**
 * The auth module's answer to the platform's BearerAccess: runs the bearer strategy on the request
 * (this application's own instance, as LocalSignInGuard does: Passport's registry is per process).
 */
@Injectable()
export class BearerAccessService extends BearerAccess {
  constructor(private readonly strategy: BearerStrategy) {
    super();
  }

  grant(request: Request): Promise<BearerGrant | null> {
    return new Promise<BearerGrant | null>((resolve, reject) => {
      const authenticate = passport.authenticate(
        Object.create(this.strategy) as passport.Strategy,
        { session: false },
        (error: unknown, grant: BearerGrant | false) => (error ? reject(error) : resolve(grant || null)),
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      authenticate(request, request.res as Response, reject);
    });
  }
}

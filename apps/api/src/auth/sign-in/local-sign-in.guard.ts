import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import type { User } from '@wkflow/contracts';
import { createValidationPipe } from '../../platform/http/validation';
import { LoginDto } from '../dto/auth.dto';
import { LocalStrategy } from './local.strategy';
import { SIGNED_IN_PROPERTY } from './sign-in.service';

const validation = createValidationPipe();

/**
 * Runs the local Passport strategy on POST /auth/login. Guards run before pipes, so the body is
 * validated here first, with the same pipe and DTO as every route (the same 400 messages, and a
 * malformed body never reaches the limits); the strategy then reads the trimmed, validated fields.
 *
 * Passport is handed this application's own strategy (a per-request copy, as Passport makes of a
 * named one) rather than the name 'local': Passport's registry is one per process, and a process
 * that runs two applications (the tests' replicas) must not sign in through the other's.
 */
@Injectable()
export class LocalSignInGuard implements CanActivate {
  constructor(private readonly strategy: LocalStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    request.body = await validation.transform(request.body, { type: 'body', metatype: LoginDto });
    const user = await new Promise<User>((resolve, reject) => {
      const authenticate = passport.authenticate(
        Object.create(this.strategy) as passport.Strategy,
        { session: false },
        // The strategy's own exceptions (401, 403, 429) pass as they are; a failure without one is a 401.
        (error: unknown, signedIn: User | false) =>
          error ? reject(error) : signedIn ? resolve(signedIn) : reject(new UnauthorizedException()),
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      authenticate(request, http.getResponse<Response>(), reject);
    });
    (request as Request & { [SIGNED_IN_PROPERTY]: User })[SIGNED_IN_PROPERTY] = user;
    return true;
  }
}

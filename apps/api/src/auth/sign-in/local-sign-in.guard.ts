import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { createValidationPipe } from '../../common/validation';
import { LoginDto } from '../dto/auth.dto';
import { SIGNED_IN_PROPERTY } from './sign-in.service';

const validation = createValidationPipe();

/**
 * Runs the local strategy on POST /auth/login. Guards run before pipes, so the body is validated
 * here first, with the same pipe and DTO as every route (the same 400 messages, and a malformed
 * body never reaches the limits); the strategy then reads the trimmed, validated fields.
 */
@Injectable()
export class LocalSignInGuard extends AuthGuard('local') {
  constructor() {
    super({ property: SIGNED_IN_PROPERTY, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await validation.transform(request.body, { type: 'body', metatype: LoginDto });
    return (await super.canActivate(context)) as boolean;
  }

  /** The strategy's own exceptions (401, 403, 429) pass as they are; a failure without one is a 401. */
  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new UnauthorizedException();
    return user;
  }
}

import {
  Body,
  Controller,
  BadRequestException,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  Logger,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LOGIN_UNLOCK_SENT, LOGIN_UNLOCKED, PASSWORD_RESET_REQUESTED, type MessageResponse, type MeResponse } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Authenticated, CurrentUser, Public } from './access.decorators';
import type { AuthenticatedUser } from './authenticated-user';
import { AuthLimits, LOGIN_RATE_LIMITED, type LoginAttempt, TooManyRequests } from './auth-limits';
import { AuthService, REGISTERED, WRONG_CURRENT_PASSWORD } from './auth.service';
import { clientSource } from './client-source';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  LoginUnlockDto,
  RegisterDto,
  ResetPasswordDto,
  UpdateProfileDto,
} from './dto/auth.dto';
import { LoginUnlockService } from './login-unlock.service';
import { PasswordResetService } from './password-reset.service';
import { destroySession, regenerateSession, saveSession, SESSION_COOKIE } from './session-store';
import { SecureCookieTransport } from './secure-transport.guard';
import { SessionsService } from './sessions.service';
import { AppEvents } from '../events/app-events';
import { ApiResult } from '../openapi/api-result';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly limits: AuthLimits,
    private readonly resets: PasswordResetService,
    private readonly unlocks: LoginUnlockService,
    private readonly events: AppEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  @ApiResult('MessageResponse', { errors: [429] })
  async register(@Body() dto: RegisterDto, @Req() request: Request): Promise<MessageResponse> {
    await this.limits.register(clientSource(clientAddress(request)));
    // The same answer whether or not the e-mail or username exists (the owner is told by e-mail).
    await this.auth.register(dto);
    return { message: REGISTERED };
  }

  /**
   * 401 for wrong credentials, 429 while this source's own limits are spent. While the account's
   * ceiling holds this (unknown) source, 403 with LOGIN_UNLOCK_SENT whatever the password (429
   * with Retry-After when no link can be sent): the right one also mails the unlock link.
   */
  @Public()
  @Post('login')
  @UseGuards(SecureCookieTransport)
  @HttpCode(200)
  @ApiResult('MeResponse', { errors: [401, 429] })
  async login(@Body() dto: LoginDto, @Req() request: Request): Promise<MeResponse> {
    const source = clientSource(clientAddress(request));
    const attempt = await this.limits.login(dto.email, source);
    if (attempt.ceilingReached) this.inBackground('owner notice', this.unlocks.tellOwner(dto.email));
    if (attempt.held) return this.heldLogin(dto, request, source, attempt.held);
    let user;
    try {
      user = await this.auth.authenticate(dto);
    } catch (error) {
      // A pending account's right password is no guess.
      if (error instanceof ForbiddenException) await attempt.notCounted();
      throw error;
    }
    await attempt.succeeded();
    // A fresh session id at login: a planted cookie never becomes an authenticated one.
    await regenerateSession(request);
    request.session.userId = user.id;
    await saveSession(request);
    return { user, timeZone: this.config.appTimezone };
  }

  /**
   * The answer to a held login tells nothing of the password: it is checked all the same (one
   * argon2 run), and only a right one mails the link, after the answer is sent.
   */
  private async heldLogin(dto: LoginDto, request: Request, source: string, held: NonNullable<LoginAttempt['held']>): Promise<never> {
    const linkBase = this.resets.linkBase(request.get('origin'));
    // No way to mail a link (no SMTP_URL, no web address): a timed hold, as for spent limits.
    if (!this.unlocks.canSendLinks(linkBase)) throw new TooManyRequests(LOGIN_RATE_LIMITED, held.retryAfterSeconds);
    const account = await this.auth.approvedAccount(dto);
    if (account) this.inBackground('unlock link', this.unlocks.sendLink(account, source, clientAddress(request), linkBase));
    throw new ForbiddenException(LOGIN_UNLOCK_SENT);
  }

  /** Makes the source the link was sent for known to its account: the login from there gets in. */
  @Public()
  @Post('login-unlock')
  @HttpCode(200)
  @ApiResult('MessageResponse', { errors: [429] })
  async loginUnlock(@Body() dto: LoginUnlockDto, @Req() request: Request): Promise<MessageResponse> {
    const source = clientSource(clientAddress(request));
    await this.limits.assertUnlockTokenAllowed(source);
    try {
      await this.unlocks.unlock(dto.token);
    } catch (error) {
      if (error instanceof BadRequestException) await this.limits.unlockTokenFailed(source);
      throw error;
    }
    return { message: LOGIN_UNLOCKED };
  }

  private inBackground(what: string, work: Promise<void>): void {
    work.catch((error: unknown) => this.logger.error(`${what} failed: ${error instanceof Error ? error.message : error}`));
  }

  /**
   * The same answer, at once, whether or not the address has an account: the lookup and the
   * e-mail happen after it, so neither the body nor the time taken tells anything.
   */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiResult('MessageResponse', { errors: [429] })
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() request: Request): Promise<{ message: string }> {
    await this.limits.passwordResetRequested(dto.email, clientSource(clientAddress(request)));
    const linkBase = this.resets.linkBase(request.get('origin'));
    void this.resets.request(dto.email, linkBase).catch((error: unknown) => {
      this.logger.error(`password reset request failed: ${error instanceof Error ? error.message : error}`);
    });
    return { message: PASSWORD_RESET_REQUESTED };
  }

  /** Sets the new password, ends every session of the account and logs this browser in. */
  @Public()
  @Post('reset-password')
  @UseGuards(SecureCookieTransport)
  @HttpCode(200)
  @ApiResult('MeResponse', { errors: [429] })
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() request: Request): Promise<MeResponse> {
    const source = clientSource(clientAddress(request));
    await this.limits.assertResetTokenAllowed(source);
    let userId: number;
    try {
      userId = await this.resets.reset(dto.token, dto.newPassword);
    } catch (error) {
      if (error instanceof BadRequestException) await this.limits.resetTokenFailed(source);
      throw error;
    }
    await this.sessions.revokeUserSessions(userId);
    this.events.emit('AccessChanged', { scope: userId }); // this process's session cache forgets him at once
    await regenerateSession(request);
    request.session.userId = userId;
    await saveSession(request);
    return { user: await this.auth.me(userId), timeZone: this.config.appTimezone };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiResult('SuccessResponse')
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true }> {
    if (request.session) await destroySession(request);
    response.clearCookie(SESSION_COOKIE);
    return { success: true };
  }

  @Authenticated()
  @Get('me')
  @ApiResult('MeResponse')
  async me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return { user: await this.auth.me(user.id), timeZone: this.config.appTimezone };
  }

  @Authenticated()
  @Put('profile')
  @ApiResult('MeResponse', { errors: [409] })
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Body() dto: UpdateProfileDto): Promise<MeResponse> {
    return { user: await this.auth.updateProfile(user.id, dto), timeZone: this.config.appTimezone };
  }

  @Authenticated()
  @Put('change-password')
  @ApiResult('ChangePasswordResponse', { errors: [429] })
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<{ success: true; message: string }> {
    await this.limits.assertPasswordChangeAllowed(user.id);
    if (!(await this.auth.changePassword(user.id, dto))) {
      await this.limits.passwordChangeFailed(user.id);
      throw new BadRequestException(WRONG_CURRENT_PASSWORD);
    }
    await this.sessions.revokeUserSessions(user.id, request.sessionID);
    return { success: true, message: 'Senha alterada com sucesso!' };
  }
}

/** The client's address: the socket's, or X-Forwarded-For's entry left of the hops TRUST_PROXY trusts. */
function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

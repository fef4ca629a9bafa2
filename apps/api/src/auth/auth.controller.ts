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
import {
  LOGIN_UNLOCKED,
  PASSWORD_RESET_REQUESTED,
  SSO_ONLY_MESSAGE,
  type MessageResponse,
  type MeResponse,
  type TwoFactorChallenge,
} from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { Authenticated, CurrentUser, Public } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { AuthLimits } from './auth-limits';
import { AuthService, REGISTERED, WRONG_CURRENT_PASSWORD } from './auth.service';
import { clientAddress, clientSource } from './client-source';
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
import { destroySession, SESSION_COOKIE } from './session-store';
import { SecureCookieTransport } from './secure-transport.guard';
import { SessionsService } from './sessions.service';
import { LocalSignInGuard } from './sign-in/local-sign-in.guard';
import { SignInService, signedInUser } from './sign-in/sign-in.service';
import { ApiResult } from '../platform/openapi/api-result';

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
    private readonly signIn: SignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  @ApiResult('MessageResponse', { errors: [403, 429] })
  async register(@Body() dto: RegisterDto, @Req() request: Request): Promise<MessageResponse> {
    // OIDC_ONLY: accounts come from the company's provider (a first sign-in makes one).
    if (this.config.oidc?.only) throw new ForbiddenException(SSO_ONLY_MESSAGE);
    await this.limits.register(clientSource(clientAddress(request)));
    // The same answer whether or not the e-mail or username exists (the owner is told by e-mail).
    await this.auth.register(dto);
    return { message: REGISTERED };
  }

  /** E-mail and password through the local Passport strategy (its answers: LocalStrategy), then the session. */
  @Public()
  @Post('login')
  @UseGuards(SecureCookieTransport, LocalSignInGuard)
  @HttpCode(200)
  @ApiResult('MeResponse', { errors: [401, 429], or: 'TwoFactorChallenge' })
  // The body is validated (and read) by LocalSignInGuard; declared here for the pipe and the OpenAPI document.
  async login(@Body() _credentials: LoginDto, @Req() request: Request): Promise<MeResponse | TwoFactorChallenge> {
    return this.signIn.afterPassword(request, signedInUser(request), 'password');
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

  /** Sets the new password, ends every session of the account and logs this browser in (after the second factor, when on). */
  @Public()
  @Post('reset-password')
  @UseGuards(SecureCookieTransport)
  @HttpCode(200)
  @ApiResult('MeResponse', { errors: [429], or: 'TwoFactorChallenge' })
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() request: Request): Promise<MeResponse | TwoFactorChallenge> {
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
    return this.signIn.afterPassword(request, await this.auth.me(userId), 'password_reset');
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
  async me(@CurrentUser() user: AuthenticatedUser, @Req() request: Request): Promise<MeResponse> {
    const setupRequired = request.session.twoFactorSetupRequired === true;
    return {
      user: await this.auth.me(user.id),
      timeZone: this.config.appTimezone,
      ...(setupRequired ? { twoFactorSetupRequired: true } : {}),
    };
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

import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  TWO_FACTOR_MESSAGES,
  type MeResponse,
  type SuccessResponse,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@wkflow/contracts';
import { Authenticated, CurrentUser, Public } from '../../platform/access/access.decorators';
import type { AuthenticatedUser } from '../../platform/access/authenticated-user';
import { ApiResult } from '../../platform/openapi/api-result';
import { AuthService, PENDING_APPROVAL } from '../auth.service';
import { SecureCookieTransport } from '../secure-transport.guard';
import { saveSession } from '../session-store';
import { SignInService } from '../sign-in/sign-in.service';
import { ONE_SECOND_FACTOR_ANSWER, TwoFactorDisableDto, TwoFactorEnableDto, TwoFactorVerifyDto } from './two-factor.dto';
import { TwoFactorService } from './two-factor.service';

/** How long a right password waits for its second factor. */
export const SECOND_FACTOR_WAIT_MS = 5 * 60_000;

/** The TOTP second factor: its state, setting it up, turning it on and off, and the sign-in's second step. */
@ApiTags('auth')
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly auth: AuthService,
    private readonly signIn: SignInService,
  ) {}

  @Authenticated()
  @Get()
  @ApiResult('TwoFactorStatus')
  status(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.id);
  }

  /** A new secret and its QR code; nothing changes at sign-in until it is enabled with a code. */
  @Authenticated()
  @Post('setup')
  @HttpCode(200)
  @ApiResult('TwoFactorSetup', { errors: [409] })
  async setup(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorSetup> {
    return this.twoFactor.setup({ id: user.id, email: (await this.auth.me(user.id)).email });
  }

  /** Turns it on with a first code; answers the recovery codes this once. */
  @Authenticated()
  @Post('enable')
  @HttpCode(200)
  @ApiResult('TwoFactorRecoveryCodes', { errors: [409, 429] })
  async enable(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: TwoFactorEnableDto,
    @Req() request: Request,
  ): Promise<TwoFactorRecoveryCodes> {
    const recoveryCodes = await this.twoFactor.enable(user.id, dto.code);
    if (request.session.twoFactorSetupRequired) {
      // Set up as the profile requires: the session is a whole one from now on.
      delete request.session.twoFactorSetupRequired;
      await saveSession(request);
    }
    return { recoveryCodes };
  }

  @Authenticated()
  @Post('disable')
  @HttpCode(200)
  @ApiResult('SuccessResponse', { errors: [409, 429] })
  async disable(@CurrentUser() user: AuthenticatedUser, @Body() dto: TwoFactorDisableDto): Promise<SuccessResponse> {
    await this.twoFactor.disable(user.id, dto.password, dto.code);
    return { success: true };
  }

  /** The sign-in's second step, in the session the right password opened (POST /api/auth/login answered twoFactorRequired). */
  @Public()
  @Post('verify')
  @UseGuards(SecureCookieTransport)
  @HttpCode(200)
  @ApiResult('MeResponse', { errors: [401, 429] })
  async verify(@Body() dto: TwoFactorVerifyDto, @Req() request: Request): Promise<MeResponse> {
    if ((dto.code === undefined) === (dto.recoveryCode === undefined)) throw new BadRequestException(ONE_SECOND_FACTOR_ANSWER);
    const pending = request.session?.pendingSecondFactor;
    if (!pending || Date.now() - pending.at > SECOND_FACTOR_WAIT_MS) throw new UnauthorizedException(TWO_FACTOR_MESSAGES.challengeExpired);
    const method = await this.twoFactor.verifySignIn(pending.userId, dto);
    // The account may have gone (auth.me: 404) or lost its approval meanwhile.
    const user = await this.auth.me(pending.userId);
    if (!user.isApproved) throw new ForbiddenException(PENDING_APPROVAL);
    return this.signIn.establish(request, user, `password+${method}`);
  }
}

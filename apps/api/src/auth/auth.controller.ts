import { Body, Controller, Get, HttpCode, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { MeResponse, User } from '@wkflow/contracts';
import { Authenticated, CurrentUser, Public } from './access.decorators';
import type { AuthenticatedUser } from './authenticated-user';
import { AuthService } from './auth.service';
import { ChangePasswordDto, LoginDto, RegisterDto, UpdateProfileDto } from './dto/auth.dto';
import { destroySession, regenerateSession, saveSession, SESSION_COOKIE } from './session-store';
import { SessionsService } from './sessions.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Public()
  @Post('register')
  async register(@Body() dto: RegisterDto): Promise<{ user: User; message: string }> {
    const user = await this.auth.register(dto);
    return { user, message: 'Conta criada. Aguarde a aprovação de um administrador.' };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() request: Request): Promise<MeResponse> {
    const user = await this.auth.authenticate(dto);
    // A fresh session id at login: a planted cookie never becomes an authenticated one.
    await regenerateSession(request);
    request.session.userId = user.id;
    await saveSession(request);
    return { user };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ success: true }> {
    if (request.session) await destroySession(request);
    response.clearCookie(SESSION_COOKIE);
    return { success: true };
  }

  @Authenticated()
  @Get('me')
  async me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return { user: await this.auth.me(user.id) };
  }

  @Authenticated()
  @Put('profile')
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Body() dto: UpdateProfileDto): Promise<MeResponse> {
    return { user: await this.auth.updateProfile(user.id, dto) };
  }

  @Authenticated()
  @Put('change-password')
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: ChangePasswordDto,
    @Req() request: Request,
  ): Promise<{ success: true; message: string }> {
    await this.auth.changePassword(user.id, dto);
    await this.sessions.revokeUserSessions(user.id, request.sessionID);
    return { success: true, message: 'Senha alterada com sucesso!' };
  }
}

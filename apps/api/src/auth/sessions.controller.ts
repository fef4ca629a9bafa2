import { BadRequestException, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { EndedSessionsResponse, SuccessResponse, UserSession } from '@wkflow/contracts';
import { Authenticated, CurrentUser } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ApiResult } from '../platform/openapi/api-result';
import { SESSION_COOKIE } from './session-store';
import { SessionsService } from './sessions.service';

const LISTED_ID = /^[A-Za-z0-9_-]{22}$/;
export const INVALID_SESSION_ID = 'Identificador de sessão inválido';

/** The signed-in user's own sessions: where he is signed in, and ending any of them. */
@ApiTags('auth')
@Controller('auth/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Authenticated()
  @Get()
  @ApiResult('UserSession', { isArray: true })
  list(@CurrentUser() user: AuthenticatedUser, @Req() request: Request): Promise<UserSession[]> {
    return this.sessions.list(user.id, request.sessionID);
  }

  /** 'Encerrar as outras sessões': the current session stays. */
  @Authenticated()
  @Post('end-others')
  @HttpCode(200)
  @ApiResult('EndedSessionsResponse')
  async endOthers(@CurrentUser() user: AuthenticatedUser, @Req() request: Request): Promise<EndedSessionsResponse> {
    return { ended: await this.sessions.endOthers(user.id, request.sessionID) };
  }

  /** Ends one session of the user's; ending the current one signs this browser out. */
  @Authenticated()
  @Delete(':id')
  @ApiParam({ name: 'id', required: true, schema: { type: 'string', pattern: LISTED_ID.source } })
  @ApiResult('SuccessResponse')
  async end(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SuccessResponse> {
    if (!LISTED_ID.test(id)) throw new BadRequestException(INVALID_SESSION_ID);
    const { current } = await this.sessions.end(user.id, id, request.sessionID);
    if (current) response.clearCookie(SESSION_COOKIE);
    return { success: true };
  }
}

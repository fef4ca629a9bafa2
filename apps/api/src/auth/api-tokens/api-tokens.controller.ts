import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES, type ApiToken, type CreatedApiToken, type SuccessResponse } from '@wkflow/contracts';
import { Authenticated, CurrentUser } from '../../platform/access/access.decorators';
import type { AuthenticatedUser } from '../../platform/access/authenticated-user';
import { IdParam } from '../../platform/http/id-param';
import { ApiResult } from '../../platform/openapi/api-result';
import { ApiTokenListQueryDto, CreateApiTokenDto } from './api-tokens.dto';
import { ApiTokensService } from './api-tokens.service';

const DAY_MS = 24 * 3600_000;

/** 'Tokens de API' in 'Meu perfil': a person's own tokens (administrators may list and revoke everyone's). */
@ApiTags('auth')
@Controller('tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  /** The secret is in this answer only. */
  @Authenticated()
  @Post()
  @ApiResult('CreatedApiToken')
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateApiTokenDto): Promise<CreatedApiToken> {
    const expiresAt = Date.parse(dto.expiresAt);
    if (expiresAt <= Date.now()) throw new BadRequestException(API_TOKEN_MESSAGES.expiryPast);
    // A day's grace: "a year from today" picked at midnight in any time zone fits.
    if (expiresAt > Date.now() + (API_TOKEN_MAX_DAYS + 1) * DAY_MS) throw new BadRequestException(API_TOKEN_MESSAGES.expiryTooFar);
    return this.tokens.create(user, { ...dto, expiresAt: new Date(expiresAt).toISOString() });
  }

  @Authenticated()
  @Get()
  @ApiResult('ApiToken', { isArray: true })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ApiTokenListQueryDto): Promise<ApiToken[]> {
    return this.tokens.list(user, query.all === 'true');
  }

  /** Revoked at once: its next request gets 401. */
  @Authenticated()
  @Delete(':id')
  @HttpCode(200)
  @ApiResult('SuccessResponse')
  async revoke(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<SuccessResponse> {
    await this.tokens.revoke(user, id);
    return { success: true };
  }
}

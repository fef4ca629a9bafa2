import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Patch,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';
import { can, type Client, type ClientCredential, type RevealCredentialResponse } from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ClientsService } from './clients.service';
import { CredentialsService } from './credentials.service';
import { CreateClientDto, UpdateClientDto } from './dto/client.dto';
import { CreateCredentialDto, UpdateCredentialDto } from './dto/credential.dto';
import { IdParam } from '../platform/http/id-param';
import { LOGO_FIELD, LogoUploadInterceptor } from './logo-upload.interceptor';
import type { TempUpload } from '../platform/uploads/upload-files';
import { ApiFile, ApiResult } from '../platform/openapi/api-result';

/**
 * /api/clients: reads need clients read, writes clients write (extended.md §6). 'Senhas & Acessos'
 * (/access) needs client_credentials, a permission of its own that never exceeds clients'.
 */
@ApiTags('clients')
@Controller('clients')
export class ClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly credentials: CredentialsService,
  ) {}

  @RequirePermission('clients', 'read')
  @Get()
  @ApiResult('Client', { isArray: true })
  list(@CurrentUser() user: AuthenticatedUser): Promise<Client[]> {
    return this.clients.list(can(user, 'clients', 'write'));
  }

  @RequirePermission('clients', 'write')
  @Post()
  @ApiResult('Client')
  create(@Body() dto: CreateClientDto): Promise<Client> {
    return this.clients.create(dto);
  }

  @RequirePermission('clients', 'read')
  @Get(':id')
  @ApiResult('Client')
  get(@IdParam('id') id: number, @CurrentUser() user: AuthenticatedUser): Promise<Client> {
    return this.clients.get(id, can(user, 'clients', 'write'));
  }

  @RequirePermission('clients', 'write')
  @Patch(':id')
  @ApiResult('Client')
  update(@IdParam('id') id: number, @Body() dto: UpdateClientDto): Promise<Client> {
    return this.clients.update(id, dto);
  }

  @RequirePermission('clients', 'write')
  @Delete(':id')
  @HttpCode(200)
  @ApiResult('SuccessResponse', { errors: [409] })
  async remove(@IdParam('id') id: number): Promise<{ success: true }> {
    await this.clients.remove(id);
    return { success: true };
  }

  @RequirePermission('clients', 'write')
  @Post(':id/logo')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: [LOGO_FIELD], properties: { [LOGO_FIELD]: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(LogoUploadInterceptor)
  @ApiResult('Client', { errors: [429] })
  uploadLogo(@IdParam('id') id: number, @UploadedFile() file: TempUpload | undefined): Promise<Client> {
    return this.clients.uploadLogo(id, file);
  }

  @RequirePermission('clients', 'read')
  @Get(':id/logo')
  @ApiFile(['image/png', 'image/jpeg'], { notModified: true })
  async logo(
    @IdParam('id') id: number,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const logo = await this.clients.logo(id);
    // The file name changes with every upload, so it is the ETag.
    response.setHeader('ETag', logo.etag);
    response.setHeader('Cache-Control', 'private, no-cache');
    if (ifNoneMatch === logo.etag) {
      response.status(304);
      return undefined;
    }
    return new StreamableFile(createReadStream(logo.path), { type: logo.contentType, length: logo.size });
  }

  @RequirePermission('clients', 'write')
  @Delete(':id/logo')
  @ApiResult('Client')
  removeLogo(@IdParam('id') id: number): Promise<Client> {
    return this.clients.removeLogo(id);
  }

  @RequirePermission('client_credentials', 'read')
  @Get(':id/access')
  @ApiResult('ClientCredential', { isArray: true })
  listCredentials(@IdParam('id') id: number): Promise<ClientCredential[]> {
    return this.credentials.list(id);
  }

  @RequirePermission('client_credentials', 'write')
  @Post(':id/access')
  @ApiResult('ClientCredential')
  createCredential(@IdParam('id') id: number, @Body() dto: CreateCredentialDto): Promise<ClientCredential> {
    return this.credentials.create(id, dto);
  }

  @RequirePermission('client_credentials', 'write')
  @Patch(':id/access/:credentialId')
  @ApiResult('ClientCredential')
  updateCredential(
    @IdParam('id') id: number,
    @IdParam('credentialId') credentialId: number,
    @Body() dto: UpdateCredentialDto,
  ): Promise<ClientCredential> {
    return this.credentials.update(id, credentialId, dto);
  }

  @RequirePermission('client_credentials', 'write')
  @Delete(':id/access/:credentialId')
  @HttpCode(200)
  @ApiResult('SuccessResponse')
  async removeCredential(@IdParam('id') id: number, @IdParam('credentialId') credentialId: number): Promise<{ success: true }> {
    await this.credentials.remove(id, credentialId);
    return { success: true };
  }

  /** Seeing a stored password is a write-level act (whoever may change it may see it), and is recorded. */
  @RequirePermission('client_credentials', 'write')
  @Post(':id/access/:credentialId/reveal')
  @HttpCode(200)
  @ApiResult('RevealCredentialResponse')
  reveal(
    @IdParam('id') id: number,
    @IdParam('credentialId') credentialId: number,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<RevealCredentialResponse> {
    return this.credentials.reveal(id, credentialId, user);
  }
}

import { Module } from '@nestjs/common';
import { ClientDirectory } from './client-directory';
import { ClientsRepository } from './clients.repository';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';
import { CredentialsService } from './credentials.service';

@Module({
  controllers: [ClientsController],
  providers: [ClientsRepository, ClientsService, CredentialsService, ClientDirectory],
  exports: [ClientsService, ClientDirectory],
})
export class ClientsModule {}

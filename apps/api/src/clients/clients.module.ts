import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientCredentialEntity } from './client-credential.entity';
import { ClientDirectory } from './client-directory';
import { ClientEntity } from './client.entity';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';
import { CredentialsService } from './credentials.service';

@Module({
  imports: [TypeOrmModule.forFeature([ClientEntity, ClientCredentialEntity])],
  controllers: [ClientsController],
  providers: [ClientsService, CredentialsService, ClientDirectory],
  exports: [ClientsService, ClientDirectory],
})
export class ClientsModule {}

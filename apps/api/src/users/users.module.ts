import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessProfileEntity } from './access-profile.entity';
import { ModulePermissionEntity } from './module-permission.entity';
import { ModulePermissionsController } from './module-permissions.controller';
import { UserEntity } from './user.entity';
import { UserIdentityService } from './user-identity.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, AccessProfileEntity, ModulePermissionEntity])],
  controllers: [ModulePermissionsController],
  providers: [UserIdentityService],
  exports: [TypeOrmModule, UserIdentityService],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessProfileEntity } from './access-profile.entity';
import { AccessProfilesController } from './access-profiles.controller';
import { AccessProfilesService } from './access-profiles.service';
import { ModulePermissionEntity } from './module-permission.entity';
import { ModulePermissionsController } from './module-permissions.controller';
import { UserEntity } from './user.entity';
import { UserDirectory } from './user-directory';
import { UserIdentityService } from './user-identity.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';
import { AccessProfilesRepository } from './repositories/access-profiles.repository';
import { UsersRepository } from './repositories/users.repository';

/**
 * Trigger feeding its cache: migration 1795420000000-Performance (statement triggers on
 * access_profiles and module_permissions notify 'wkflow_sessions' with '*'; UserDirectory forgets
 * the profiles' permissions it keeps). It publishes the view user_access (migration UserAccessView)
 * for the auth module's session query.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, AccessProfileEntity, ModulePermissionEntity])],
  controllers: [UsersController, AccessProfilesController, ModulePermissionsController],
  providers: [UsersRepository, AccessProfilesRepository, UserIdentityService, UsersService, AccessProfilesService, UserDirectory],
  exports: [UserIdentityService, UserDirectory],
})
export class UsersModule {}

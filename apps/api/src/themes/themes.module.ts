import { UsersModule } from '../users/users.module';
import { Module } from '@nestjs/common';
import { ThemesController } from './themes.controller';
import { ThemesRepository } from './themes.repository';
import { ThemesService } from './themes.service';

@Module({
  imports: [UsersModule],
  controllers: [ThemesController],
  providers: [ThemesRepository, ThemesService],
})
export class ThemesModule {}

import { BadRequestException, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { profileForRole, type User } from '@wkflow/contracts';
import { UserEntity } from '../users/user.entity';
import { toUser } from '../users/user.mapper';
import { UserIdentityService } from '../users/user-identity.service';
import type { ChangePasswordDto, LoginDto, RegisterDto, UpdateProfileDto } from './dto/auth.dto';
import { hashPassword, verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'E-mail ou senha inválidos';
export const PENDING_APPROVAL = 'Sua conta ainda aguarda aprovação de um administrador';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly identity: UserIdentityService,
  ) {}

  /** A new account waits for approval; the requested role becomes the requested profile. */
  async register(dto: RegisterDto): Promise<User> {
    await this.identity.assertAvailable(dto.username, dto.email);
    const role = dto.role ?? 'collaborator';
    const user = await this.users.save(
      this.users.create({
        name: dto.name,
        username: dto.username,
        email: dto.email,
        passwordHash: await hashPassword(dto.password),
        role,
        accessProfileId: profileForRole(role),
        isApproved: false,
      }),
    );
    return toUser(user);
  }

  /** The user whose credentials match, if approved. */
  async authenticate(dto: LoginDto): Promise<User> {
    const user = await this.identity.findWithPasswordByEmail(dto.email);
    const valid = await verifyPassword(user?.passwordHash, dto.password);
    if (!user || !valid) throw new UnauthorizedException(INVALID_CREDENTIALS);
    if (!user.isApproved) throw new ForbiddenException(PENDING_APPROVAL);
    return toUser(user);
  }

  async me(userId: number): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException('Usuário não encontrado');
    return toUser(user);
  }

  async updateProfile(userId: number, dto: UpdateProfileDto): Promise<User> {
    await this.identity.assertAvailable(undefined, dto.email, userId);
    await this.users.update({ id: userId }, { name: dto.name, email: dto.email });
    return this.me(userId);
  }

  async changePassword(userId: number, dto: ChangePasswordDto): Promise<void> {
    const user = await this.identity.findWithPasswordById(userId);
    if (!user) throw new NotFoundException('Usuário não encontrado');
    if (!(await verifyPassword(user.passwordHash, dto.currentPassword))) {
      throw new BadRequestException(WRONG_CURRENT_PASSWORD);
    }
    await this.users.update({ id: userId }, { passwordHash: await hashPassword(dto.newPassword) });
  }
}

import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR_CODE_PATTERN, TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { CredentialsCipherError, decrypt, encrypt } from '../../platform/crypto/credentials-cipher';
import { verifyPassword } from '../../platform/crypto/passwords';
import { UserDirectory } from '../../users/user-directory';
import { UserIdentityService } from '../../users/user-identity.service';
import { AuthLimits } from '../auth-limits';
import { AuthRepository } from '../auth.repository';
import type { Db } from '../../platform/database/repository';
import { TwoFactorRepository } from './two-factor.repository';

/** The name authenticator apps show beside the account. */
const ISSUER = 'WKFlow';
const STEP_SECONDS = 30;
/** One step either side of now: a phone's clock a little off still works. */
const totp = authenticator.clone({ step: STEP_SECONDS, window: 1 });
const RECOVERY_CODES = 10;
export const TWO_FACTOR_KEY_MISMATCH =
  'Não foi possível verificar o código: a chave de criptografia (CREDENTIALS_KEY) não corresponde. Use um código de recuperação ou fale com o administrador.';
/** 'k7m2q-x9w4t': 10 characters of an alphabet without 0/o, 1/l (50 bits each). */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A typed code as compared: spaces and dashes out, lower case. */
const normalizedRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const normalizedCode = (code: string) => code.replace(/\s/g, '');

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a second factor was shown at sign-in. */
export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * The TOTP second factor (RFC 6238): set up with a secret shown as a QR code, turned on by a first
 * code (which also hands out 10 single-use recovery codes), asked for at each password sign-in, and
 * turned off with the password and a code. Every code is good once; wrong ones count against the
 * account like wrong passwords (AuthLimits).
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    private readonly twoFactor: TwoFactorRepository,
    private readonly users: UserDirectory,
    private readonly identity: UserIdentityService,
    private readonly limits: AuthLimits,
    private readonly records: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(userId: number): Promise<TwoFactorStatus> {
    const [stored, required] = await Promise.all([this.twoFactor.find(userId), this.users.requiresTwoFactor(userId)]);
    const enabled = stored?.enabled ?? false;
    return { enabled, recoveryCodesLeft: enabled ? await this.twoFactor.recoveryCodesLeft(userId) : 0, required };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.twoFactor.find(userId))?.enabled ?? false;
  }

  /** Whether the user's access profile requires a second factor ('Exigir verificação em duas etapas'). */
  requiredByProfile(userId: number): Promise<boolean> {
    return this.users.requiresTwoFactor(userId);
  }

  /** A new secret (replacing one not yet enabled); 409 while one is on. */
  async setup(user: { id: number; email: string }): Promise<TwoFactorSetup> {
    const secret = totp.generateSecret(20);
    if (!(await this.twoFactor.startSetup(user.id, encrypt(this.config.credentialsKey, secret)))) {
      throw new ConflictException(TWO_FACTOR_MESSAGES.alreadyEnabled);
    }
    const otpauthUrl = totp.keyuri(user.email, ISSUER, secret);
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** Turns it on with a first code from the app; the recovery codes, in clear this once. */
  async enable(userId: number, code: string): Promise<string[]> {
    await this.limits.assertTwoFactorAllowed(userId);
    const stored = await this.twoFactor.find(userId);
    if (stored?.enabled) throw new ConflictException(TWO_FACTOR_MESSAGES.alreadyEnabled);
    if (!stored) throw new BadRequestException(TWO_FACTOR_MESSAGES.notSetUp);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const enabled = await this.twoFactor.transaction(async (db) => {
      const step = this.timeStepOf(stored.secret, code);
      if (step === null || !(await this.twoFactor.takeTimeStep(db, userId, step, false))) return false;
      await this.twoFactor.enable(
        db,
        userId,
        codes.map((c) => sha256(normalizedRecoveryCode(c))),
      );
      return true;
    });
    if (!enabled) return this.wrongCode(userId, BadRequestException, TWO_FACTOR_MESSAGES.invalidCode);
    await this.records.audit({ actorId: userId, action: 'two_factor_enabled', entity: 'user', entityId: userId });
    return codes;
  }

  /** Turns it off: the password and a code (or a recovery code); never while the profile requires it. */
  async disable(userId: number, password: string, code: string): Promise<void> {
    await this.limits.assertTwoFactorAllowed(userId);
    if (!(await this.isEnabled(userId))) throw new ConflictException(TWO_FACTOR_MESSAGES.notEnabled);
    if (await this.users.requiresTwoFactor(userId)) throw new ConflictException(TWO_FACTOR_MESSAGES.requiredByProfile);
    const account = await this.identity.findWithPasswordById(userId);
    if (!(await verifyPassword(account?.passwordHash, password))) {
      return this.wrongCode(userId, BadRequestException, TWO_FACTOR_MESSAGES.wrongPassword);
    }
    const isRecovery = !TWO_FACTOR_CODE_PATTERN.test(code);
    const removed = await this.twoFactor.transaction(async (db) => {
      if (!(await this.takeCode(db, userId, isRecovery ? { recoveryCode: code } : { code }))) return false;
      await this.twoFactor.remove(db, userId);
      return true;
    });
    if (!removed) return this.wrongCode(userId, BadRequestException, TWO_FACTOR_MESSAGES.invalidCode);
    await this.records.audit({ actorId: userId, action: 'two_factor_disabled', entity: 'user', entityId: userId });
  }

  /** The second step of a sign-in: which way the code came; 401 (counted) when it is wrong or spent. */
  async verifySignIn(userId: number, answer: { code?: string; recoveryCode?: string }): Promise<SecondFactorMethod> {
    await this.limits.assertTwoFactorAllowed(userId);
    const taken = await this.twoFactor.transaction((db) => this.takeCode(db, userId, answer));
    if (!taken) {
      const message = answer.recoveryCode !== undefined ? TWO_FACTOR_MESSAGES.invalidRecoveryCode : TWO_FACTOR_MESSAGES.invalidCode;
      return this.wrongCode(userId, UnauthorizedException, message);
    }
    if (answer.recoveryCode !== undefined) {
      await this.records.audit({
        actorId: userId,
        action: 'two_factor_recovery_code_used',
        entity: 'user',
        entityId: userId,
        data: { left: await this.twoFactor.recoveryCodesLeft(userId) },
      });
      return 'recovery_code';
    }
    return 'totp';
  }

  /** Spends a code of an enabled second factor: an app code of a step not used yet, or an unused recovery code. */
  private async takeCode(db: Db, userId: number, answer: { code?: string; recoveryCode?: string }) {
    if (answer.recoveryCode !== undefined) {
      return this.twoFactor.spendRecoveryCode(db, userId, sha256(normalizedRecoveryCode(answer.recoveryCode)));
    }
    const stored = await this.twoFactor.find(userId, db);
    if (!stored?.enabled || answer.code === undefined) return false;
    const step = this.timeStepOf(stored.secret, answer.code);
    return step !== null && this.twoFactor.takeTimeStep(db, userId, step, true);
  }

  /** The 30-second step the code belongs to (now or one either side), or null when it is no code of this secret. */
  private timeStepOf(encryptedSecret: string, code: string): number | null {
    const token = normalizedCode(code);
    if (!/^\d{6}$/.test(token)) return null;
    let secret: string;
    try {
      secret = decrypt(this.config.credentialsKey, encryptedSecret);
    } catch (error) {
      if (!(error instanceof CredentialsCipherError)) throw error;
      // A key changed without the rotation (docs/credentials-key-rotation.md): an operator's problem, said as such.
      this.logger.error('a second-factor secret cannot be decrypted with the configured CREDENTIALS_KEY');
      throw new InternalServerErrorException(TWO_FACTOR_KEY_MISMATCH);
    }
    const delta = totp.checkDelta(token, secret);
    return delta === null ? null : Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
  }

  private async wrongCode(userId: number, Refusal: new (message: string) => Error, message: string): Promise<never> {
    await this.limits.twoFactorFailed(userId);
    throw new Refusal(message);
  }
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The counters of the auth limits (auth-limits.ts), in rate-limiter-flexible's RateLimiterPostgres
 * layout: one row per limiter key ('limit:login:account:ana@…'), its points and when they expire
 * (epoch ms). In PostgreSQL rather than Redis so every replica shares them with Redis down, and a
 * Redis restart forgets no hold.
 */
@Entity('auth_limits')
export class AuthLimitEntity {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'int', default: 0 })
  points: number;

  @Index('IDX_auth_limits_expire')
  @Column({ type: 'bigint', nullable: true })
  expire: string | null;
}

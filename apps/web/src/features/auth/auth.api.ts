import type {
  ForgotPasswordRequest,
  MessageResponse,
  LoginRequest,
  LoginUnlockRequest,
  MeResponse,
  RegisterRequest,
  ResetPasswordRequest,
  TwoFactorChallenge,
} from '@wkflow/contracts';
import { apiFetch } from '../../lib/fetcher';

/** The user, or a challenge: the account's second factor comes next (twoFactor.api.ts verifySecondFactor). */
export function login(body: LoginRequest): Promise<MeResponse | TwoFactorChallenge | null> {
  return apiFetch<MeResponse | TwoFactorChallenge | null>('/api/auth/login', { method: 'POST', body });
}

export function register(body: RegisterRequest): Promise<unknown> {
  return apiFetch('/api/auth/register', { method: 'POST', body });
}

export function logout(): Promise<unknown> {
  return apiFetch('/api/auth/logout', { method: 'POST' });
}

/** Always the same answer, whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

/** Sets the new password and logs this browser in (or asks for the second factor first). */
export function resetPassword(body: ResetPasswordRequest): Promise<MeResponse | TwoFactorChallenge> {
  return apiFetch<MeResponse | TwoFactorChallenge>('/api/auth/reset-password', { method: 'POST', body });
}

/** Follows an unlock link: the address it was sent for may log in. */
export function unlockLogin(body: LoginUnlockRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/login-unlock', { method: 'POST', body });
}

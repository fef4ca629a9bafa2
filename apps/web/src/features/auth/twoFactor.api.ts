import type {
  MeResponse,
  TwoFactorChallenge,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorVerifyRequest,
} from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** A sign-in answer that asks for the second factor next. */
export function asksSecondFactor(answer: MeResponse | TwoFactorChallenge | null): answer is TwoFactorChallenge {
  return answer !== null && 'twoFactorRequired' in answer && answer.twoFactorRequired === true;
}

/** GET /api/auth/2fa, read again on each visit. */
export function useTwoFactorStatus() {
  return useSWR<TwoFactorStatus>(keys.twoFactor, { revalidateOnMount: true });
}

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' });
}

/** Turns it on; the recovery codes, to show once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const { recoveryCodes } = await apiFetch<TwoFactorRecoveryCodes>('/api/auth/2fa/enable', { method: 'POST', body: { code } });
  await mutate(keys.twoFactor);
  return recoveryCodes;
}

export async function disableTwoFactor(password: string, code: string): Promise<void> {
  await apiFetch('/api/auth/2fa/disable', { method: 'POST', body: { password, code } });
  await mutate(keys.twoFactor);
}

/** The sign-in's second step. */
export function verifySecondFactor(body: TwoFactorVerifyRequest): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/auth/2fa/verify', { method: 'POST', body });
}

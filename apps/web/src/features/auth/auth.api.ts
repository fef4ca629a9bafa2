import type { LoginRequest, MeResponse, RegisterRequest } from '@wkflow/contracts';
import { apiFetch } from '../../lib/fetcher';

export function login(body: LoginRequest): Promise<MeResponse | null> {
  return apiFetch<MeResponse | null>('/api/auth/login', { method: 'POST', body });
}

export function register(body: RegisterRequest): Promise<unknown> {
  return apiFetch('/api/auth/register', { method: 'POST', body });
}

export function logout(): Promise<unknown> {
  return apiFetch('/api/auth/logout', { method: 'POST' });
}

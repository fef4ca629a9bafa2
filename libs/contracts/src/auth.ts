import type { UserRole } from './permissions';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  username: string;
  email: string;
  password: string;
  role?: UserRole;
}

export interface UpdateProfileRequest {
  name: string;
  email: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** The user as the API returns it (never with a password). */
export interface User {
  id: number;
  name: string;
  username: string;
  email: string;
  role: UserRole;
  accessProfileId: number;
  status: 'approved' | 'pending';
  isApproved: boolean;
  createdAt: string;
  /**
   * GET /api/users/{id} only: the profile asked for at registration ('Perfil Solicitado'), kept
   * after an approval that granted another one; null when unknown (created by an administrator).
   */
  requestedProfileId?: number | null;
}

/** GET /api/auth/me (also the answer of the login and of a profile update) */
export interface MeResponse {
  user: User;
  /** APP_TIMEZONE: the zone 'today', 'tomorrow' and the days to a deadline are counted in. */
  timeZone?: string;
}

/** The error body every API error has. */
export interface ApiError {
  statusCode: number;
  message: string | string[];
  error: string;
}

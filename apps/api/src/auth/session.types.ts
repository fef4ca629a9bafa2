import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** Written at sign-in, for the user's list of his sessions (GET /api/auth/sessions). */
    signedInAt?: string;
    userAgent?: string;
    address?: string;
  }
}

import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** Written at sign-in, for the user's list of his sessions (GET /api/auth/sessions). */
    signedInAt?: string;
    userAgent?: string;
    address?: string;
    /** The password was right; the second factor is still to come (POST /api/auth/2fa/verify). Not signed in. */
    pendingSecondFactor?: { userId: number; at: number };
    /** Signed in, but his profile requires a second factor he has not set up: only its routes answer. */
    twoFactorSetupRequired?: boolean;
    /** Single sign-on under way: the web app's page to return to (`oidc` holds the strategy's state, nonce and PKCE verifier). */
    oidcReturnTo?: string;
    oidc?: Record<string, string>;
  }
}

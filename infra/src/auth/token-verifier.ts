import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What the services trust about a caller: taken from a verified Firebase ID token only. */
export type TokenIdentity = {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly signInProvider: string | null;
};

export type TokenVerifier = { verify(idToken: string): Promise<TokenIdentity> };

/** Why a token was refused: the token itself is bad, or verification could not complete. */
export class TokenRejectedError extends Error {
  override readonly name = 'TokenRejectedError';
  constructor(
    readonly reason: 'invalid' | 'unavailable',
    cause?: unknown,
  ) {
    super(reason === 'invalid' ? 'Token is invalid or expired' : 'Token verification failed', {
      cause,
    });
  }
}

const INVALID_TOKEN_CODES = new Set([
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set in the
 * environment (development, tests, demo) firebase-admin accepts the emulator's unsigned tokens.
 */
export const createFirebaseTokenVerifier = (options: { projectId: string }): TokenVerifier => {
  const name = `campus-${options.projectId}`;
  const app: App =
    getApps().find((a) => a.name === name) ?? initializeApp({ projectId: options.projectId }, name);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase() ?? null,
          emailVerified: decoded.email_verified === true,
          signInProvider: decoded.firebase.sign_in_provider,
        };
      } catch (error) {
        const code = errorCode(error);
        throw new TokenRejectedError(
          code && INVALID_TOKEN_CODES.has(code) ? 'invalid' : 'unavailable',
          error,
        );
      }
    },
  };
};

import { createHash } from 'node:crypto';

/** The Firebase Auth emulator that development, the demo and the tests sign in against. */
export const authEmulatorHost = () =>
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const TEST_FIREBASE_PROJECT_ID = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-campus';

/**
 * Signs in to the emulator with a Google credential for `email` (as the UI does in emulator mode)
 * and returns a real emulator ID token that firebase-admin verifies.
 */
export const emulatorIdToken = async (
  email: string,
  options: { emailVerified?: boolean } = {},
): Promise<string> => {
  const sub = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);
  const claims = {
    sub,
    email,
    email_verified: options.emailVerified ?? true,
    name: email.split('@')[0],
  };
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnIdpCredential: true,
        returnSecureToken: true,
      }),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error('Auth emulator answered without an idToken');
  return body.idToken;
};

/** Makes sure the emulator answers; tests that need it call this first for a clear failure. */
export const assertAuthEmulatorUp = async () => {
  try {
    const response = await fetch(`http://${authEmulatorHost()}/`);
    if (response.ok) return;
  } catch {
    // fall through to the error below
  }
  throw new Error(
    `The Firebase Auth emulator does not answer at ${authEmulatorHost()}. Run the tests with \`npm test\`, which starts it.`,
  );
};

/**
 * The same emulator token with some claims changed (unsigned, as the emulator's own): how tests
 * reach a registered account whose email the emulator would otherwise keep verified.
 */
export const withEmulatorClaims = (idToken: string, claims: Record<string, unknown>): string => {
  const [header = '', payload = ''] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${changed}.`;
};

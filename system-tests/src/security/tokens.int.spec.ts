import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, texts } from '@campus/contracts';
import { EMAIL_NOT_VERIFIED_MESSAGE, EMAIL_NOT_VERIFIED_PROBLEM_TYPE } from '@campus/infra';
import {
  emulatorIdToken,
  TEST_FIREBASE_PROJECT_ID,
  withEmulatorClaims,
} from '@campus/infra/testing';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

/**
 * Tokens that are expired, forged, unsigned outside the emulator, or for another project give
 * 401 on both services. Outside the emulator, firebase-admin checks RS256 signatures against
 * Google's public keys; the test puts a key it generated in place of those (in the verifier's key
 * cache) and shows first that a token signed with it is accepted, so each refusal below is the
 * token's fault and not the setup's.
 */
type Claims = Record<string, unknown>;
const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const KID = 'campus-test-key';
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const trusted = keyPair();
const attacker = keyPair();

const signRs256 = (claims: Claims, privateKey: string, kid = KID) => {
  const unsigned = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(claims)}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(privateKey)
    .toString('base64url');
  return `${unsigned}.${signature}`;
};
const unsigned = (claims: Claims) => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
const payloadOf = (token: string): Claims =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;

/** Firebase ID token claims for `email`/`sub` of `project`, valid for an hour from `iat`. */
const claimsFor = (
  who: { sub: string; email: string },
  options: { project?: string; iat?: number; exp?: number } = {},
): Claims => {
  const project = options.project ?? TEST_FIREBASE_PROJECT_ID;
  const iat = options.iat ?? Math.floor(Date.now() / 1000) - 60;
  return {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: iat,
    user_id: who.sub,
    sub: who.sub,
    iat,
    exp: options.exp ?? iat + 3600,
    email: who.email,
    email_verified: true,
    firebase: { identities: { email: [who.email] }, sign_in_provider: 'google.com' },
  };
};

/** The key cache of the verifier the services use (firebase-admin's app for the project). */
type KeyCache = { publicKeys?: Record<string, string>; publicKeysExpireAt: number };
const keyCache = (): KeyCache => {
  const app = getApps().find((a) => a.name === `campus-${TEST_FIREBASE_PROJECT_ID}`);
  if (!app) throw new Error('The services have not created their firebase-admin app');
  const internals = getAuth(app) as unknown as {
    idTokenVerifier: { signatureVerifier: { keyFetcher: KeyCache } };
  };
  return internals.idTokenVerifier.signatureVerifier.keyFetcher;
};

describe('tokens: expired, forged, unsigned outside the emulator, another project -> 401', () => {
  let stack: TestStack;
  let alice: TestAccount;
  let admin: TestAccount;
  let who: { sub: string; email: string };
  const adminEmail = `admin-${randomUUID()}@university.edu`;

  /** The same check on both services: a 'token' command and a 'user' read. */
  const statuses = async (token: string) => {
    const command = await request(stack.commandApp)
      .post(routes.protectedCheck.path)
      .set('authorization', `Bearer ${token}`);
    const read = await request(stack.queryApp)
      .get(buildPath(routes.getUser.path, { id: alice.userId }))
      .set('authorization', `Bearer ${token}`);
    for (const response of [command, read]) {
      if (response.status === 401) {
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        // Judged invalid (not "verification could not complete"), or no token at all.
        expect(response.body.detail).toBe(
          token ? texts.auth.invalidToken : texts.auth.missingToken,
        );
      }
    }
    return [command.status, read.status];
  };

  beforeAll(async () => {
    stack = await startTestStack({
      runWorker: true,
      label: 'tokens',
      config: { ADMIN_EMAILS: [adminEmail] },
    });
    admin = await stack.registerUser(adminEmail);
    alice = await stack.registerUser(`alice-${randomUUID()}@university.edu`);
    // The read model has her once the worker caught up (the read waits for her registration).
    const me = await stack.read(buildPath(routes.getUser.path, { id: alice.userId }), alice.token);
    expect(me.status).toBe(200);
    const payload = payloadOf(alice.token);
    who = { sub: String(payload['sub']), email: alice.email };
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('with the auth emulator (development and tests)', () => {
    it('accepts the emulator token (control)', async () => {
      expect(await statuses(alice.token)).toEqual([200, 200]);
    });

    it.each([
      ['missing', ''],
      ['garbage', 'not.a.token'],
      [
        'expired',
        unsigned(claimsFor({ sub: 'x', email: 'x@university.edu' }, { iat: 1_700_000_000 })),
      ],
    ])('refuses a %s token', async (_label, token) => {
      expect(await statuses(token)).toEqual([401, 401]);
    });

    it('refuses her own claims expired, and for another project', async () => {
      const base = { iat: Math.floor(Date.now() / 1000) - 7200 };
      expect(await statuses(unsigned(claimsFor(who, { ...base, exp: base.iat + 3600 })))).toEqual([
        401, 401,
      ]);
      expect(await statuses(unsigned(claimsFor(who, { project: 'demo-elsewhere' })))).toEqual([
        401, 401,
      ]);
    });
  });

  describe('a token whose email is not verified -> 403 on every read that needs sign-in', () => {
    const expectRefused = (response: request.Response) => {
      expect(response.status, response.text).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
        detail: EMAIL_NOT_VERIFIED_MESSAGE,
      });
    };
    const read = (path: string, token: string) =>
      request(stack.queryApp).get(path).set('authorization', `Bearer ${token}`);

    it('refuses a registered user’s own profile and list reads', async () => {
      const unverified = withEmulatorClaims(alice.token, { email_verified: false });
      expectRefused(await read(buildPath(routes.getUser.path, { id: alice.userId }), unverified));
      expectRefused(await read(routes.getMyOpportunities.path, unverified));
      // Control: the same reads with her verified token.
      expect((await read(routes.getMyOpportunities.path, alice.token)).status).toBe(200);
    });

    it('gives an admin on ADMIN_EMAILS no admin read', async () => {
      const unverified = withEmulatorClaims(admin.token, { email_verified: false });
      expectRefused(await read(routes.getAdminSummary.path, unverified));
      expectRefused(await read(routes.listUserEmails.path, unverified));
      expect((await read(routes.getAdminSummary.path, admin.token)).status).toBe(200);
    });

    it('refuses someone never registered, and leaves public reads open', async () => {
      const stranger = await emulatorIdToken(`unverified-${randomUUID()}@university.edu`, {
        emailVerified: false,
      });
      expectRefused(await read(buildPath(routes.getUser.path, { id: alice.userId }), stranger));
      expect((await read(routes.getConfig.path, stranger)).status).toBe(200);
    });
  });

  describe('outside the emulator (production verification)', () => {
    const saved = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    let cache: KeyCache;
    let savedKeys: Pick<KeyCache, 'publicKeys' | 'publicKeysExpireAt'>;
    /**
     * An emulator token no service has seen yet: the command service remembers accepted tokens
     * for up to a minute, and in production the emulator is never on, so a token accepted in
     * emulator mode above would be remembered rather than verified again.
     */
    let unseenEmulatorToken = '';
    beforeAll(async () => {
      unseenEmulatorToken = await emulatorIdToken(`unseen-${randomUUID()}@university.edu`);
      cache = keyCache();
      savedKeys = { publicKeys: cache.publicKeys, publicKeysExpireAt: cache.publicKeysExpireAt };
      cache.publicKeys = { [KID]: trusted.publicKey };
      cache.publicKeysExpireAt = Date.now() + 3_600_000;
      delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    });
    afterAll(() => {
      if (saved !== undefined) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = saved;
      if (savedKeys.publicKeys) cache.publicKeys = savedKeys.publicKeys;
      else delete cache.publicKeys;
      cache.publicKeysExpireAt = savedKeys.publicKeysExpireAt;
    });

    it('accepts a token signed with the trusted key (control)', async () => {
      expect(await statuses(signRs256(claimsFor(who), trusted.privateKey))).toEqual([200, 200]);
    });

    it('refuses a forged token: the same claims signed with another key', async () => {
      expect(await statuses(signRs256(claimsFor(who), attacker.privateKey))).toEqual([401, 401]);
    });

    it('refuses a token naming a key nobody published', async () => {
      expect(await statuses(signRs256(claimsFor(who), attacker.privateKey, 'unknown-kid'))).toEqual(
        [401, 401],
      );
    });

    it('refuses unsigned tokens, the emulator token included', async () => {
      expect(await statuses(unseenEmulatorToken)).toEqual([401, 401]);
      expect(await statuses(unsigned(claimsFor(who)))).toEqual([401, 401]);
    });

    it('refuses an expired token signed with the trusted key', async () => {
      const iat = Math.floor(Date.now() / 1000) - 7200;
      const token = signRs256(claimsFor(who, { iat, exp: iat + 3600 }), trusted.privateKey);
      expect(await statuses(token)).toEqual([401, 401]);
    });

    it('refuses a token of another project signed with the trusted key', async () => {
      const token = signRs256(claimsFor(who, { project: 'campus-elsewhere' }), trusted.privateKey);
      expect(await statuses(token)).toEqual([401, 401]);
    });

    it('refuses a token whose signature was cut off or altered', async () => {
      const token = signRs256(claimsFor(who), trusted.privateKey);
      const [header = '', body = '', signature = ''] = token.split('.');
      const forgedBody = b64url({ ...claimsFor(who), email: 'admin@university.edu' });
      expect(await statuses(`${header}.${forgedBody}.${signature}`)).toEqual([401, 401]);
      expect(await statuses(`${header}.${body}.`)).toEqual([401, 401]);
    });
  });
});

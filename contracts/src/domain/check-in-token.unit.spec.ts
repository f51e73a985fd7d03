import { describe, expect, it } from 'vitest';
import { CHECK_IN_WINDOW_MS, issueCheckInToken, verifyCheckInToken } from './check-in-token';

const SECRET = 'a-test-secret-of-some-length';
const OPP = '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b';
const OTHER = '0e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b';
const at = new Date('2026-03-02T15:00:10.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('check-in tokens', () => {
  it('accepts a code in its own window and the next one', async () => {
    const { token, expiresAt } = await issueCheckInToken(SECRET, OPP, at);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() % CHECK_IN_WINDOW_MS).toBe(0);
    expect(expiresAt.getTime() - at.getTime()).toBeLessThanOrEqual(CHECK_IN_WINDOW_MS);
    expect(await verifyCheckInToken(SECRET, OPP, token, at)).toBe('valid');
    expect(await verifyCheckInToken(SECRET, OPP, token, later(CHECK_IN_WINDOW_MS))).toBe('valid');
  });

  it('refuses a code two windows old (or from the future) as expired', async () => {
    const { token } = await issueCheckInToken(SECRET, OPP, at);
    expect(await verifyCheckInToken(SECRET, OPP, token, later(2 * CHECK_IN_WINDOW_MS))).toBe(
      'expired',
    );
    expect(await verifyCheckInToken(SECRET, OPP, token, later(-CHECK_IN_WINDOW_MS))).toBe(
      'expired',
    );
  });

  it('refuses forged codes: another secret, another opportunity, a changed window or garbage', async () => {
    const { token } = await issueCheckInToken(SECRET, OPP, at);
    const forged = await issueCheckInToken('someone-elses-secret-key', OPP, at);
    expect(await verifyCheckInToken(SECRET, OPP, forged.token, at)).toBe('forged');
    expect(await verifyCheckInToken(SECRET, OTHER, token, at)).toBe('forged');
    const [window, signature] = token.split('.') as [string, string];
    const shifted = `${String(Number(window) + 1)}.${signature}`;
    expect(await verifyCheckInToken(SECRET, OPP, shifted, later(CHECK_IN_WINDOW_MS))).toBe(
      'forged',
    );
    const flipped = `${window}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await verifyCheckInToken(SECRET, OPP, flipped, at)).toBe('forged');
    expect(await verifyCheckInToken(SECRET, OPP, 'not-a-token', at)).toBe('forged');
    expect(await verifyCheckInToken(SECRET, OPP, '', at)).toBe('forged');
  });

  it('changes the code every window', async () => {
    const a = await issueCheckInToken(SECRET, OPP, at);
    const b = await issueCheckInToken(SECRET, OPP, later(CHECK_IN_WINDOW_MS));
    expect(a.token).not.toBe(b.token);
  });
});

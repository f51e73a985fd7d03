import { describe, expect, it } from 'vitest';
import {
  issueUnsubscribeToken,
  unsubscribeTokenTopic,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

const SECRET = 'a-secret-of-sixteen-or-more';
const USER = '8f1c3a52-7d44-4b1e-9a35-0c2d6e7f8a90';

describe('unsubscribe tokens', () => {
  it('name one person and one kind of mail, and verify with the secret that signed them', async () => {
    const token = await issueUnsubscribeToken(SECRET, USER.toUpperCase(), 'waitlist');
    expect(token).toMatch(/^8f1c3a52-[0-9a-f-]+\.waitlist\.[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeTokenTopic(token)).toBe('waitlist');
    expect(await verifyUnsubscribeToken(SECRET, token)).toEqual({
      userId: USER,
      topic: 'waitlist',
    });
  });

  it('refuse another secret, another kind or person under the same signature, and anything else', async () => {
    const token = await issueUnsubscribeToken(SECRET, USER, 'reminders');
    const otherUser = USER.replace('8f1c', '9f1c');
    for (const forged of [
      await issueUnsubscribeToken('another-secret-of-sixteen', USER, 'reminders'),
      token.replace('.reminders.', '.waitlist.'),
      token.replace(USER, otherUser),
      token.replace('.reminders.', '.newsletters.'),
      `${token}x`,
      '',
    ]) {
      expect(await verifyUnsubscribeToken(SECRET, forged), forged).toBeNull();
    }
    expect(unsubscribeTokenTopic(token.replace('.reminders.', '.newsletters.'))).toBeNull();
  });
});

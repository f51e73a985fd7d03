import { LEASE_SECONDS, SMTP_TIMEOUTS_MS } from './sender';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '@campus/infra/testing';
import { loadWorkerEnv } from '../config/env';

describe('mail settings of the worker', () => {
  it('defaults to the local catch-all SMTP server', () => {
    const env = loadWorkerEnv({});
    expect([env.SMTP_HOST, env.SMTP_PORT, env.MAIL_FROM, env.OUTBOX_INTERVAL_MS]).toEqual([
      '127.0.0.1',
      2525,
      'Campus Volunteering <no-reply@university.edu>',
      10_000,
    ]);
  });

  it('takes them from the environment', () => {
    const env = loadWorkerEnv({
      SMTP_HOST: 'mail.example.org',
      SMTP_PORT: '587',
      MAIL_FROM: 'Volunteering <v@example.org>',
      OUTBOX_INTERVAL_MS: '2000',
    });
    expect([env.SMTP_HOST, env.SMTP_PORT, env.MAIL_FROM, env.OUTBOX_INTERVAL_MS]).toEqual([
      'mail.example.org',
      587,
      'Volunteering <v@example.org>',
      2000,
    ]);
  });

  it('makes unsubscribe links of PUBLIC_URL, which production must set to where users are', () => {
    expect(loadWorkerEnv({}).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    const production = { ...PRODUCTION_ENV, PUBLIC_URL: undefined };
    expect(() => loadWorkerEnv(production)).toThrow(/PUBLIC_URL: must be the https address/);
    expect(() =>
      loadWorkerEnv({ ...production, PUBLIC_URL: 'http://volunteer.university.edu' }),
    ).toThrow(/PUBLIC_URL: must be the https address/);
    expect(
      loadWorkerEnv({ ...production, PUBLIC_URL: 'https://volunteer.university.edu' }).PUBLIC_URL,
    ).toBe('https://volunteer.university.edu');
    expect(() => loadWorkerEnv({ PUBLIC_URL: 'volunteer' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses to start naming a bad variable', () => {
    expect(() => loadWorkerEnv({ SMTP_PORT: 'smtp' })).toThrow(/SMTP_PORT/);
    expect(() => loadWorkerEnv({ SMTP_PORT: '70000' })).toThrow(/SMTP_PORT/);
    expect(() => loadWorkerEnv({ OUTBOX_INTERVAL_MS: '0' })).toThrow(/OUTBOX_INTERVAL_MS/);
  });
});

describe('a send stays inside its claim', () => {
  it('bounds connecting, the greeting and an idle socket well within the lease together', () => {
    const worstCase =
      SMTP_TIMEOUTS_MS.connectionTimeout +
      SMTP_TIMEOUTS_MS.greetingTimeout +
      SMTP_TIMEOUTS_MS.socketTimeout;
    expect(worstCase).toBeLessThanOrEqual((LEASE_SECONDS * 1_000) / 2);
  });
});

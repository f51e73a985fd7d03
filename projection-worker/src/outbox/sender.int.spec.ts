import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import { userRegistered } from '../testing/events';
import {
  createProjectionHarness,
  TEST_MAIL_LINKS,
  type ProjectionHarness,
} from '../testing/harness';
import { MAX_ATTEMPTS, sendDueMessages } from './sender';

/** A port nobody listens on: a server is bound to it, then closed. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('mail outbox: a send that fails', () => {
  let h: ProjectionHarness;
  let userId: string;

  beforeAll(async () => {
    h = await createProjectionHarness('outbox-retry');
    const user = await userRegistered(h.vault, { firstName: 'Rita', lastName: 'Retry' });
    userId = user.userId;
    await h.append(user);
  });
  afterAll(async () => {
    await h.close();
  });

  const row = async (id: string) =>
    (
      await h.pool.query<{
        status: string;
        attempts: number;
        last_error: string | null;
        wait_seconds: number;
      }>(
        `SELECT status, attempts, last_error,
                extract(epoch FROM next_attempt_at - now())::float8 AS wait_seconds
           FROM outbox.messages WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('is kept for a later try, waiting longer each time, and given up after the last attempt', async () => {
    await h.pool.query(
      `INSERT INTO outbox.messages (id, kind, user_id, payload)
       VALUES ('retry-1', 'friend-request', $1, '{}'::jsonb),
              ('retry-2', 'friend-request', $1, '{}'::jsonb)`,
      [userId],
    );
    await h.pool.query(`UPDATE outbox.messages SET attempts = $1 WHERE id = 'retry-2'`, [
      MAX_ATTEMPTS - 1,
    ]);
    const transport = createTransport({
      host: '127.0.0.1',
      port: await closedPort(),
      secure: false,
      connectionTimeout: 2_000,
    });
    const sent = await sendDueMessages({
      pool: h.pool,
      store: h.store,
      vault: h.vault,
      logger: h.logger,
      transport,
      from: 'Campus <no-reply@university.edu>',
      links: TEST_MAIL_LINKS,
    });
    expect(sent).toBe(0);

    const first = await row('retry-1');
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The first retry waits 30 s.
    expect(first?.wait_seconds).toBeGreaterThan(20);
    expect(first?.wait_seconds).toBeLessThanOrEqual(30);

    const last = await row('retry-2');
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});

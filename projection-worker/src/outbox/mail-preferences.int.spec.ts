import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  manualClock,
  verifyUnsubscribeToken,
  type GlobalPosition,
} from '@campus/contracts';
import { startCatchAllSmtp, type CatchAllSmtp } from '@campus/infra/mail';
import {
  friendRequested,
  mailPreferencesChanged,
  opportunityCreated,
  signedUp,
  userRegistered,
} from '../testing/events';
import {
  createProjectionHarness,
  TEST_MAIL_LINKS,
  type ProjectionHarness,
} from '../testing/harness';
import { startTestOutbox } from '../testing/outbox';
import type { Outbox } from './outbox';

/** The outbox obeys each person's mail preferences (docs/mail.md), in the log's order. */
describe('mail outbox: kinds of mail turned off', () => {
  let h: ProjectionHarness;
  let smtp: CatchAllSmtp;
  let outbox: Outbox;
  const clock = manualClock('2026-03-18T12:00:00.000Z');
  let alice: string;
  let others: string[];

  const friendRequestsTo = async (userId: string) =>
    (
      await h.pool.query<{ status: string; requester: string | null; why: string | null }>(
        `SELECT status, payload->>'requesterId' AS requester, last_error AS why
           FROM outbox.messages
          WHERE kind = 'friend-request' AND user_id = $1 ORDER BY created_at, id`,
        [userId],
      )
    ).rows;
  const relayed = async (): Promise<GlobalPosition | null> => {
    const { rows } = await h.pool.query<{ txn: string; seq: string }>(
      'SELECT txn, seq FROM outbox.checkpoint',
    );
    return rows[0] ? { txn: BigInt(rows[0].txn), seq: BigInt(rows[0].seq) } : null;
  };
  /** Waits until the relay has read the log to its head. */
  const settled = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      // The head after the checkpoint: read before, it could lag behind a relay transaction.
      const at = await relayed();
      const head = await h.store.headPosition();
      if (at && comparePositions(at, head) >= 0) return;
      if (Date.now() > deadline) throw new Error('the relay did not reach the head');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    h = await createProjectionHarness('mail-preferences');
    smtp = await startCatchAllSmtp();
    const registered = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dan', 'Erin'].map((firstName) =>
        userRegistered(h.vault, { firstName, lastName: 'Test' }),
      ),
    );
    await h.append(...registered);
    [alice, ...others] = registered.map((r) => r.userId) as [string, ...string[]];
    // Erin turned friend request mail off before the outbox first ran: its copy starts with it.
    await h.append(mailPreferencesChanged(others[3] as string, ['friend_requests']));
    outbox = startTestOutbox(h, smtp, clock);
    await settled();
  });
  afterAll(async () => {
    await outbox.stop();
    await smtp.close();
    await h.close();
  });

  it('queues no mail of a kind turned off, from the event after the change on, and sends none queued before it', async () => {
    const [bob, carol, dan, erin] = others as [string, string, string, string];
    // One batch: Bob's request before Alice turns friend requests off, Carol's after.
    await h.append(
      friendRequested(bob, alice),
      mailPreferencesChanged(alice, ['friend_requests']),
      friendRequested(carol, alice),
      friendRequested(carol, erin),
    );
    await settled();
    expect((await friendRequestsTo(alice)).map((m) => m.requester)).toEqual([bob]);
    expect(await friendRequestsTo(erin)).toEqual([]);
    // Bob's was queued before she turned them off: it is not sent either (its payload is cleared).
    expect(await outbox.tick()).toBe(0);
    expect(await friendRequestsTo(alice)).toEqual([
      { requester: null, status: 'skipped', why: 'turned off' },
    ]);
    expect(smtp.received()).toEqual([]);

    // Reminders turned off too: Dan, who has them on, is reminded; Alice is not.
    await h.append(mailPreferencesChanged(alice, ['friend_requests', 'reminders']));
    const opportunity = opportunityCreated({ hostUserId: erin, name: 'River cleanup' });
    await h.append(
      opportunity,
      signedUp(opportunity.opportunityId, alice),
      signedUp(opportunity.opportunityId, dan),
    );
    await h.project();
    await settled();
    clock.set('2026-03-19T15:00:00.000Z');
    expect(await outbox.tick()).toBe(1);
    const { rows: reminders } = await h.pool.query<{ user_id: string }>(
      "SELECT user_id::text FROM outbox.messages WHERE kind = 'reminder'",
    );
    expect(reminders).toEqual([{ user_id: dan }]);
    expect(smtp.received().map((m) => m.to)).toEqual([[`${dan.slice(0, 8)}@university.edu`]]);

    // Turned back on: Dan's request is queued and mailed, with its unsubscribe link and headers.
    await h.append(mailPreferencesChanged(alice, []), friendRequested(dan, alice));
    await settled();
    expect(await outbox.tick()).toBeGreaterThanOrEqual(1);
    const mails = await smtp.waitFor(2);
    const mail = mails.find((m) => m.subject.includes('Dan Test'));
    if (!mail) throw new Error(`no mail of Dan's request: ${mails.map((m) => m.subject).join()}`);
    const link = /http:\/\/campus\.test\/unsubscribe\/(\S+)/.exec(mail.text);
    const token = link?.[1] ?? '';
    expect(await verifyUnsubscribeToken(TEST_MAIL_LINKS.secret, token)).toEqual({
      userId: alice,
      topic: 'friend_requests',
    });
    // List-Unsubscribe and List-Unsubscribe-Post, as mailparser reads the List-* headers.
    expect(mail.headers.get('list')).toEqual({
      unsubscribe: {
        name: 'Unsubscribe',
        id: `http://campus.test/api/mail/unsubscribe/${token}`,
      },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
  });
});

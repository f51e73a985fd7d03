import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventSchemas,
  manualClock,
  texts,
  toOpportunityStreamId,
  type GlobalPosition,
} from '@campus/contracts';
import { startCatchAllSmtp, type CatchAllSmtp } from '@campus/infra/mail';
import { replayProjections } from '../jobs/replay/replay';
import {
  friendRequested,
  opportunityCreated,
  signedUp,
  unregistered,
  userRegistered,
  type TestEvent,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { startTestOutbox } from '../testing/outbox';
import type { Outbox } from './outbox';

const waitlistPromoted = (opportunityId: string, userId: string, name: string): TestEvent => ({
  stream: toOpportunityStreamId(opportunityId),
  event: {
    eventId: randomUUID(),
    type: 'WaitlistPromoted',
    data: eventSchemas.WaitlistPromoted.parse({
      v: 1,
      opportunityId,
      userId,
      reason: 'unregistration',
      opportunityName: name,
      startsAt: '2026-03-20T14:00:00.000Z',
      at: '2026-03-02T15:00:00.000Z',
    }),
    metadata: {
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
      commandName: 'TestWaitlistPromoted',
      occurredAt: '2026-03-02T15:00:00.000Z',
    },
  },
});

describe('mail outbox: reminders, waitlist promotions and friend requests, each sent once', () => {
  let h: ProjectionHarness;
  let smtp: CatchAllSmtp;
  let outbox: Outbox;
  // Opportunities on 2026-03-20 10:00 Eastern (14:00 UTC); the clock starts two days earlier.
  const clock = manualClock('2026-03-18T12:00:00.000Z');

  const start = () => startTestOutbox(h, smtp, clock);

  const queued = async () =>
    (await h.pool.query<{ id: string }>('SELECT id FROM outbox.messages ORDER BY id')).rows.map(
      (r) => r.id,
    );
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const relayCheckpoint = async (): Promise<GlobalPosition | null> => {
    const { rows } = await h.pool.query<{ txn: string; seq: string }>(
      'SELECT txn, seq FROM outbox.checkpoint',
    );
    return rows[0] ? { txn: BigInt(rows[0].txn), seq: BigInt(rows[0].seq) } : null;
  };

  let host: string;
  let alice: string;
  let bob: string;
  let erin: string;
  let carol: string;
  let cleanup: string;

  beforeAll(async () => {
    h = await createProjectionHarness('outbox');
    smtp = await startCatchAllSmtp();
    // History before the outbox first starts is never mailed.
    const hostUser = await userRegistered(h.vault, { firstName: 'Hana', lastName: 'Host' });
    const a = await userRegistered(h.vault, { firstName: 'Alice', lastName: 'Adams' });
    const b = await userRegistered(h.vault, { firstName: 'Bob', lastName: 'Brown' });
    const e = await userRegistered(h.vault, { firstName: 'Erin', lastName: 'Evans' });
    const c = await userRegistered(h.vault, { firstName: 'Carol', lastName: 'Clark' });
    [host, alice, bob, erin, carol] = [hostUser.userId, a.userId, b.userId, e.userId, c.userId];
    await h.append(hostUser, a, b, e, c, friendRequested(carol, alice));
    await h.project(); // settled, so the log's head is past it when the outbox first starts
    outbox = start();
    await until(async () => (await relayCheckpoint()) !== null);
  });
  afterAll(async () => {
    await outbox.stop();
    await smtp.close();
    await h.close();
  });

  it('mails friend requests and waitlist promotions once, and reminders 24 hours ahead to registered students only', async () => {
    const opportunity = opportunityCreated({ hostUserId: host, name: 'River cleanup' });
    cleanup = opportunity.opportunityId;
    const other = opportunityCreated({ hostUserId: host, name: 'Food bank', date: '2026-03-25' });
    await h.append(
      opportunity,
      other,
      signedUp(cleanup, alice),
      signedUp(cleanup, erin),
      signedUp(cleanup, bob),
      unregistered(cleanup, bob),
      signedUp(other.opportunityId, carol),
      friendRequested(alice, bob),
      waitlistPromoted(cleanup, carol, 'River cleanup'),
    );
    await h.project();
    await until(async () => (await queued()).length === 2);

    // Two days ahead: no reminder yet.
    expect(await outbox.tick()).toBe(2);
    const early = await smtp.waitFor(2);
    expect(early.map((m) => [m.to[0], m.subject]).sort()).toEqual(
      [
        [`${bob.slice(0, 8)}@university.edu`, texts.mail.friendRequest.subject('Alice Adams')],
        [
          `${carol.slice(0, 8)}@university.edu`,
          texts.mail.waitlistPromoted.subject('River cleanup'),
        ],
      ].sort(),
    );
    expect(early.find((m) => m.to[0]?.startsWith(carol.slice(0, 8)))?.text).toContain(
      'on 2026-03-20 at 10:00',
    );

    // Erin is erased before the reminders go out: she gets nothing.
    await h.vault.erase(erin);
    clock.set('2026-03-19T15:00:00.000Z');
    expect(await outbox.tick()).toBe(1);
    const all = await smtp.waitFor(3);
    const reminder = all[2];
    expect(reminder?.to).toEqual([`${alice.slice(0, 8)}@university.edu`]);
    expect(reminder?.subject).toBe(texts.mail.reminder.subject('River cleanup'));
    expect(reminder?.text).toContain('1 Main St');
    const { rows } = await h.pool.query<{ id: string; status: string }>(
      "SELECT id, status FROM outbox.messages WHERE kind = 'reminder' ORDER BY status",
    );
    expect(rows).toEqual([
      { id: `reminder:${cleanup}:${alice}`, status: 'sent' },
      { id: `reminder:${cleanup}:${erin}`, status: 'skipped' },
    ]);

    // Later rounds send nothing again.
    clock.advance(60 * 60 * 1000);
    expect(await outbox.tick()).toBe(0);
    expect(await outbox.tick()).toBe(0);
    expect(smtp.received()).toHaveLength(3);
    expect(new Set(smtp.received().map((m) => m.messageId)).size).toBe(3);
    expect(smtp.received().some((m) => m.to[0]?.startsWith(erin.slice(0, 8)))).toBe(false);
  });

  it('sends nothing again after a replay of the read model and a restart, and one worker of two sends a message', async () => {
    const before = await queued();
    await replayProjections({
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      redis: h.redis,
      keyPrefix: h.prefix,
      requested: 'all',
      batchSize: 4,
    });
    await outbox.stop();
    outbox = start();
    // A new event after the restart is still relayed, from the stored checkpoint.
    await h.append(friendRequested(bob, carol));
    await until(async () => (await queued()).length === before.length + 1);
    // Two workers sending at once: the message is claimed by one of them.
    const second = start();
    const sent = await Promise.all([outbox.tick(), second.tick(), outbox.tick()]);
    await second.stop();
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const all = await smtp.waitFor(4);
    expect(all[3]?.subject).toBe(texts.mail.friendRequest.subject('Bob Brown'));
    expect(await outbox.tick()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received()).toHaveLength(4);
  });
});

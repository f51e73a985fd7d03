import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, serviceHoursTexts } from '@campus/contracts';
import { startCatchAllSmtp, type CatchAllSmtp } from '@campus/infra/mail';
import { replayProjections } from '../jobs/replay/replay';
import {
  friendRequested,
  organizationCreated,
  sealReason,
  sealServiceLog,
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
  userRegistered,
  type TestEvent,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { startTestOutbox } from '../testing/outbox';
import type { Outbox } from './outbox';

type MessageRow = { id: string; kind: string; user_id: string; payload: unknown; status: string };

/**
 * Decisions on logged service hours are mailed to the student through the outbox
 * (docs/service-hours.md): one message per decision event, ids only in the queued payload, the
 * mail composed when sent from read.service_logs; a replay or a restart mails nothing again.
 */
describe('mail outbox: decisions on logged service hours, each mailed once', () => {
  let h: ProjectionHarness;
  let smtp: CatchAllSmtp;
  let outbox: Outbox;
  const clock = manualClock('2026-03-02T12:00:00.000Z');
  const ids = { ann: '', ben: '', cy: '', host: '', pantry: '' };
  const decisions: TestEvent[] = [];
  let annLog: TestEvent & { logId: string };

  const start = () => startTestOutbox(h, smtp, clock);
  const messages = async () =>
    (
      await h.pool.query<MessageRow>(
        'SELECT id, kind, user_id::text, payload, status FROM outbox.messages ORDER BY id',
      )
    ).rows;
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const emailOf = (userId: string) => `${userId.slice(0, 8)}@university.edu`;

  beforeAll(async () => {
    h = await createProjectionHarness('outbox-hours');
    smtp = await startCatchAllSmtp();
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cy', 'Hana'].map((firstName) => userRegistered(h.vault, { firstName })),
    );
    [ids.ann = '', ids.ben = '', ids.cy = '', ids.host = ''] = people.map((p) => p.userId);
    const pantry = organizationCreated({ hostUserId: ids.host, name: 'Pantry' });
    ids.pantry = pantry.organizationId;
    await h.append(...people, pantry);
    await h.project();
    outbox = start();
    await until(
      async () => (await h.pool.query('SELECT 1 FROM outbox.checkpoint')).rows.length > 0,
    );
  });
  afterAll(async () => {
    await outbox.stop();
    await smtp.close();
    await h.close();
  });

  it('queues one message per decision, ids only, and mails it composed from the read model', async () => {
    annLog = serviceHoursLogged({
      userId: ids.ann,
      organizationId: ids.pantry,
      date: '2026-02-20',
      minutes: 120,
      personal: await sealServiceLog(h.vault, ids.ann),
    });
    const benLog = serviceHoursLogged({
      userId: ids.ben,
      outsideOrganization: 'Town Shelter',
      date: '2026-02-21',
      minutes: 45,
      personal: await sealServiceLog(h.vault, ids.ben),
    });
    decisions.push(
      serviceHoursApproved(annLog, {
        verifiedBy: ids.host,
        reason: await sealReason(h.vault, ids.ann, 'Great work'),
      }),
      serviceHoursRejected(benLog, {
        verifiedBy: ids.host,
        reason: await sealReason(h.vault, ids.ben, 'Nobody could confirm it'),
      }),
    );
    await h.append(annLog, benLog, ...decisions);
    await h.project();
    await until(async () => (await messages()).length === 2);

    const [approved, rejected] = decisions.map((d) => d.event.eventId);
    expect(await messages()).toEqual(
      [
        {
          id: `hours-approved:${String(approved)}`,
          kind: 'hours-approved',
          user_id: ids.ann,
          payload: { logId: annLog.logId },
          status: 'pending',
        },
        {
          id: `hours-rejected:${String(rejected)}`,
          kind: 'hours-rejected',
          user_id: ids.ben,
          payload: { logId: benLog.logId },
          status: 'pending',
        },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    expect(await outbox.tick()).toBe(2);
    const mails = await smtp.waitFor(2);
    const to = (userId: string) => mails.find((m) => m.to[0] === emailOf(userId));
    const mail = serviceHoursTexts.mail;
    expect(to(ids.ann)?.subject).toBe(mail.approved.subject);
    expect(to(ids.ann)?.text).toContain(
      mail.approved.body('Pantry', '2026-02-20', 120, 'Great work'),
    );
    expect(to(ids.ben)?.subject).toBe(mail.rejected.subject);
    expect(to(ids.ben)?.text).toContain(
      mail.rejected.body('Town Shelter', '2026-02-21', 45, 'Nobody could confirm it'),
    );
    // Once sent, nothing of the message is kept but its id and status.
    expect((await messages()).map((m) => [m.status, m.payload])).toEqual([
      ['sent', {}],
      ['sent', {}],
    ]);
  });

  it('waits for the read model when the relay is ahead of the projector, and skips an erased student', async () => {
    const cyLog = serviceHoursLogged({
      userId: ids.cy,
      outsideOrganization: 'Town Shelter',
      minutes: 30,
      personal: await sealServiceLog(h.vault, ids.cy),
    });
    const cyApproved = serviceHoursApproved(cyLog, { verifiedBy: ids.host });
    await h.append(cyLog, cyApproved);
    await until(async () => (await messages()).length === 3);
    // Not projected yet: no mail, tried again later.
    expect(await outbox.tick()).toBe(0);
    const waiting = await h.pool.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM outbox.messages WHERE id = $1',
      [`hours-approved:${cyApproved.event.eventId}`],
    );
    expect(waiting.rows).toEqual([{ status: 'pending', attempts: 1 }]);
    await h.project();
    await h.pool.query('UPDATE outbox.messages SET next_attempt_at = now() WHERE id = $1', [
      `hours-approved:${cyApproved.event.eventId}`,
    ]);
    expect(await outbox.tick()).toBe(1);
    expect((await smtp.waitFor(3))[2]?.to).toEqual([emailOf(ids.cy)]);

    // Ann logs again, is approved, and is erased before the mail goes: she gets nothing.
    const again = serviceHoursLogged({ userId: ids.ann, organizationId: ids.pantry });
    const approvedAgain = serviceHoursApproved(again, { verifiedBy: ids.host });
    await h.append(again, approvedAgain);
    await h.project();
    await until(async () => (await messages()).length === 4);
    await h.vault.erase(ids.ann);
    expect(await outbox.tick()).toBe(0);
    const skipped = await h.pool.query<{ status: string }>(
      'SELECT status FROM outbox.messages WHERE id = $1',
      [`hours-approved:${approvedAgain.event.eventId}`],
    );
    expect(skipped.rows).toEqual([{ status: 'skipped' }]);
  });

  it('queues nothing new after a replay of the read model and a restart', async () => {
    const before = await messages();
    await replayProjections({ ...h.workerDeps, requested: 'all', batchSize: 4 });
    await outbox.stop();
    outbox = start();
    // The restarted relay follows from its checkpoint: a new request is queued, the decisions
    // are not queued again.
    await h.append(friendRequested(ids.ben, ids.cy));
    await until(async () => (await messages()).length === before.length + 1);
    expect((await messages()).filter((m) => m.kind.startsWith('hours-'))).toEqual(
      before.filter((m) => m.kind.startsWith('hours-')),
    );
    expect(await outbox.tick()).toBe(1);
    expect(smtp.received().filter((m) => m.subject.startsWith('Your service hours'))).toHaveLength(
      3,
    );
  });
});

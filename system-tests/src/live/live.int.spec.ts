import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  buildPath,
  formatLiveEventId,
  LIVE_STREAMS_PER_USER,
  liveChangeSchema,
  parseLiveEventId,
  routes,
  texts,
  type GlobalPosition,
  type LiveTopic,
} from '@campus/contracts';
import { openLiveStream, type LiveMessage, type LiveStreamReader } from '@campus/infra/testing';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'live-admin@university.edu';
/** Catch-ups longer than this many events are a `reset` in this stack. */
const RESUME_MAX_EVENTS = 40;

/**
 * Live updates (docs/live-updates.md) over a real HTTP server: who is told of what, resuming after
 * a dropped stream, and the bound on one person's streams. A stream's heartbeat (every 100 ms
 * here) carries the position it has told everything up to: once a viewer's stream has passed a
 * write's position, what it was not sent for that write it will never be sent.
 */
describe('live updates', () => {
  let stack: TestStack;
  let f: Fixtures;
  let server: Server;
  let url: string;
  let admin: TestAccount;
  let host: TestAccount;
  let member: TestAccount;
  let student: TestAccount;
  let org: { id: string; name: string };
  let publicOpp: string;
  let privateOpp: string;
  const readers: LiveStreamReader[] = [];

  /** Opens `who`'s stream once the read model has passed every command sent so far. */
  const open = async (who: TestAccount | null, lastEventId: string | null = null) => {
    if (who) expect((await stack.read(routes.getNotifications.path, who.token)).status).toBe(200);
    const reader = await openLiveStream(url, who?.token ?? null, lastEventId);
    readers.push(reader);
    return reader;
  };

  /** The log's head: the position of the command just sent (the test sends one at a time). */
  const head = async (): Promise<GlobalPosition> => {
    const { rows } = await stack.db.pool.query<{ txn: string; seq: string }>(
      `SELECT transaction_id::text AS txn, global_position::text AS seq FROM es.events
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('the log is empty');
    return { txn: BigInt(row.txn), seq: BigInt(row.seq) };
  };

  const reaches = (position: GlobalPosition) => (message: LiveMessage) => {
    const at = message.id ? parseLiveEventId(message.id) : null;
    return at !== null && comparePositions(at, position) >= 0;
  };

  /** The topics of every change `reader` got up to (and with) its first message at `position`. */
  const topicsUpTo = async (reader: LiveStreamReader, position: GlobalPosition) => {
    const last = await reader.next(reaches(position));
    return reader.messages
      .slice(0, reader.messages.indexOf(last) + 1)
      .filter((m) => m.event === 'change')
      .flatMap((m) => liveChangeSchema.parse(m.data).topics);
  };

  const opportunityTopic = (id: string): LiveTopic => ({ kind: 'opportunity', id });

  beforeAll(async () => {
    stack = await startTestStack({
      config: { ADMIN_EMAILS: [ADMIN] },
      label: 'live',
      live: { heartbeatMs: 100, resumeMaxEvents: RESUME_MAX_EVENTS },
    });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN);
    host = await f.user('live-host');
    member = await f.user('live-member');
    student = await f.user('live-student');
    org = await f.organization(host, { admin });
    await f.join(member, org.id);
    publicOpp = await f.opportunity(host, org.id, {}, admin);
    privateOpp = await f.opportunity(host, org.id, { visibility: [org.id] }, admin);
    server = stack.queryApp.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}${routes.liveUpdates.path}`;
  }, 60_000);

  afterEach(async () => {
    const open = readers.splice(0);
    for (const reader of open) reader.close();
    await Promise.all(open.map((reader) => reader.ended));
  });

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await stack.live.close();
    await new Promise((resolve) => server.close(resolve));
    await stack.stop();
  });

  it('refuses anonymous callers, and starts a signed-in one at the read model’s position', async () => {
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    const reader = await open(student);
    expect(reader.status).toBe(200);
    const ready = await reader.next();
    expect(ready.event).toBe('ready');
    expect(parseLiveEventId(ready.id ?? '')).not.toBeNull();
    // Heartbeats follow, each with the position.
    const heartbeat = await reader.next((m) => m.event === 'heartbeat');
    expect(parseLiveEventId(heartbeat.id ?? '')).not.toBeNull();
    reader.close();
  });

  it('tells every reader of an opportunity of a sign-up, and nobody else of a private one', async () => {
    const [hostStream, memberStream, studentStream, adminStream] = await Promise.all(
      [host, member, student, admin].map((who) => open(who)),
    );
    const someone = await f.user('live-signer');
    await f.signUp(someone, publicOpp);
    const publicSignUp = await head();
    for (const stream of [hostStream, memberStream, studentStream, adminStream]) {
      expect(await topicsUpTo(stream!, publicSignUp)).toContainEqual(opportunityTopic(publicOpp));
    }

    // The private opportunity is shown to the organization only: the student is not told.
    await f.signUp(member, privateOpp);
    const privateSignUp = await head();
    for (const stream of [hostStream, memberStream, adminStream]) {
      expect(await topicsUpTo(stream!, privateSignUp)).toContainEqual(opportunityTopic(privateOpp));
    }
    const studentTopics = await topicsUpTo(studentStream!, privateSignUp);
    expect(studentTopics).not.toContainEqual(opportunityTopic(privateOpp));
    expect(JSON.stringify(studentStream!.messages)).not.toContain(privateOpp);
  });

  it('tells an opportunity waiting for approval to its host and the admins only', async () => {
    const [hostStream, memberStream, studentStream, adminStream] = await Promise.all(
      [host, member, student, admin].map((who) => open(who)),
    );
    const waiting = await f.opportunity(host, org.id);
    const created = await head();
    expect(await topicsUpTo(hostStream!, created)).toContainEqual(opportunityTopic(waiting));
    const adminTopics = await topicsUpTo(adminStream!, created);
    expect(adminTopics).toContainEqual(opportunityTopic(waiting));
    expect(adminTopics).toContainEqual({ kind: 'approvals' });
    for (const stream of [memberStream, studentStream]) {
      const topics = await topicsUpTo(stream!, created);
      expect(topics).toEqual([]);
      expect(JSON.stringify(stream!.messages)).not.toContain(waiting);
    }
  });

  it('lights the bell of a friend request’s recipient (and its sender’s), nobody else’s', async () => {
    const ada = await f.user('live-ada');
    const ben = await f.user('live-ben');
    const [adaStream, benStream, studentStream] = await Promise.all(
      [ada, ben, student].map((who) => open(who)),
    );
    await f.requestFriend(ada, ben);
    const requested = await head();
    for (const stream of [adaStream, benStream]) {
      const topics = await topicsUpTo(stream!, requested);
      expect(topics).toContainEqual({ kind: 'notifications' });
      expect(topics).toContainEqual({ kind: 'friends' });
    }
    expect(await topicsUpTo(studentStream!, requested)).toEqual([]);
  });

  it('tells logged hours to their organization’s host and the admins, not to students', async () => {
    const [hostStream, adminStream, studentStream] = await Promise.all(
      [host, admin, student].map((who) => open(who)),
    );
    await f.logHours(member, org.id);
    const logged = await head();
    expect(await topicsUpTo(hostStream!, logged)).toContainEqual({ kind: 'verifications' });
    expect(await topicsUpTo(adminStream!, logged)).toContainEqual({ kind: 'approvals' });
    expect(await topicsUpTo(studentStream!, logged)).toEqual([]);
  });

  it('tells an admin’s rejection of logged hours to the organization’s host, and its student', async () => {
    const logId = await f.logHours(member, org.id);
    const [hostStream, memberStream, studentStream] = await Promise.all(
      [host, member, student].map((who) => open(who)),
    );
    await f.decideHours(admin, logId, 'reject', 'No such event that day.');
    const rejected = await head();
    expect(await topicsUpTo(hostStream!, rejected)).toContainEqual({ kind: 'verifications' });
    expect(await topicsUpTo(memberStream!, rejected)).toContainEqual({ kind: 'notifications' });
    expect(await topicsUpTo(studentStream!, rejected)).not.toContainEqual({
      kind: 'verifications',
    });
  });

  it('tells a deletion to the opportunity’s host and the admins, not to those who may no longer read it', async () => {
    const doomed = await f.opportunity(host, org.id, {}, admin);
    const [hostStream, adminStream, studentStream] = await Promise.all(
      [host, admin, student].map((who) => open(who)),
    );
    const deleted = await stack.command('delete', `/api/opps/${doomed}`, host.token);
    expect(deleted.status).toBe(200);
    const at = await head();
    expect(await topicsUpTo(hostStream!, at)).toContainEqual(opportunityTopic(doomed));
    expect(await topicsUpTo(adminStream!, at)).toContainEqual(opportunityTopic(doomed));
    expect(await topicsUpTo(studentStream!, at)).not.toContainEqual(opportunityTopic(doomed));
  });

  it('ends the streams of a person who is erased, and refuses their next one', async () => {
    const leaving = await f.user('live-erased');
    const stream = await open(leaving);
    await stream.next();
    const erased = await stack.command(
      'post',
      buildPath(routes.eraseUser.path, { id: leaving.userId }),
      admin.token,
    );
    expect(erased.status).toBe(200);
    // The erasure's own event (the command may append others after it).
    const { rows } = await stack.db.pool.query<{ txn: string; seq: string }>(
      `SELECT transaction_id::text AS txn, global_position::text AS seq FROM es.events
        WHERE event_type = 'UserErased' AND data->>'userId' = $1`,
      [leaving.userId],
    );
    const erasure = rows[0] ? { txn: BigInt(rows[0].txn), seq: BigInt(rows[0].seq) } : null;
    if (!erasure) throw new Error('no UserErased event');
    await stream.ended;
    // Told the position it had been told everything up to (the erasure's), then ended.
    const last = stream.messages.at(-1);
    expect(last?.event).toBe('heartbeat');
    expect(last && reaches(erasure)(last)).toBe(true);
    // Refused as anyone who is no one's account (401 or 403, as every read of theirs).
    const again = await openLiveStream(url, leaving.token);
    expect([401, 403]).toContain(again.status);
  });

  it('resumes a dropped stream from its Last-Event-ID with what it missed', async () => {
    const first = await open(student);
    const ready = await first.next();
    first.close();
    const someone = await f.user('live-late');
    await f.signUp(someone, publicOpp);
    const signUp = await head();

    const resumed = await open(student, ready.id ?? null);
    const caughtUp = await resumed.next();
    expect(caughtUp.event).toBe('change');
    expect(liveChangeSchema.parse(caughtUp.data).topics).toContainEqual(
      opportunityTopic(publicOpp),
    );
    expect(reaches(signUp)(caughtUp)).toBe(true);

    // From where it stopped: nothing missed, nothing to tell again.
    resumed.close();
    const again = await open(student, caughtUp.id ?? null);
    expect((await again.next()).event).toBe('ready');
    again.close();
  });

  it('tells a stream to refresh everything when its Last-Event-ID cannot be caught up on', async () => {
    const unreadable = await open(student, 'not-a-position');
    expect((await unreadable.next()).event).toBe('reset');

    const start = await open(student);
    const ready = await start.next();
    start.close();
    for (let i = 0; i <= RESUME_MAX_EVENTS; i++)
      await f.announce(host, publicOpp, `News ${String(i)}`);
    const behind = await open(student, ready.id ?? null);
    const first = await behind.next();
    expect(first.event).toBe('reset');
    expect(reaches(await head())(first)).toBe(true);

    // A position past what the log can hold: this stream refreshes, and no other is disturbed.
    const bystander = await open(member);
    await bystander.next();
    const overflow = await open(student, 'p1.1.99999999999999999999');
    expect((await overflow.next()).event).toBe('reset');
    const heartbeat = await bystander.next((m) => m.event === 'heartbeat');
    expect(
      bystander.messages.slice(0, bystander.messages.indexOf(heartbeat)).map((m) => m.event),
    ).not.toContain('reset');

    // A position this read model has not reached (another copy was ahead): refresh, from here.
    const ahead = await open(student, formatLiveEventId({ txn: 2n ** 62n, seq: 1n }));
    expect((await ahead.next()).event).toBe('reset');
  });

  it('answers any Last-Event-ID with a stream that starts with ready, change or reset', async () => {
    const start = await open(student);
    const { id } = await start.next();
    start.close();
    await start.ended;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 60 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
          fc
            .tuple(fc.bigInt({ min: 0n, max: 2n ** 70n }), fc.bigInt({ min: 0n, max: 2n ** 70n }))
            .map(([txn, seq]) => `p1.${String(txn)}.${String(seq)}`),
          fc.constant(id ?? ''),
        ),
        async (lastEventId) => {
          // The server frees a closed stream's slot when it sees the close: wait for one.
          let stream = await openLiveStream(url, student.token, lastEventId || null);
          for (let tries = 0; stream.status === 429 && tries < 100; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            stream = await openLiveStream(url, student.token, lastEventId || null);
          }
          try {
            expect(stream.status, lastEventId).toBe(200);
            expect(['ready', 'change', 'reset'], lastEventId).toContain(
              (await stream.next()).event,
            );
          } finally {
            stream.close();
            await stream.ended;
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it(`holds at most ${String(LIVE_STREAMS_PER_USER)} streams of one person open`, async () => {
    const someone = await f.user('live-tabs');
    const tabs = await Promise.all(
      Array.from({ length: LIVE_STREAMS_PER_USER }, () => open(someone)),
    );
    expect(tabs.map((t) => t.status)).toEqual(tabs.map(() => 200));
    const refused = await open(someone);
    expect(refused.status).toBe(429);
    // HEAD says the same, and opens nothing.
    const head429 = await fetch(url, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${someone.token}` },
    });
    expect(head429.status).toBe(429);
    expect(refused.problem).toMatchObject({ status: 429, detail: texts.live.tooManyStreams });
    // Another person is not held back by it.
    const other = await open(student);
    expect(other.status).toBe(200);

    tabs[0]!.close();
    await tabs[0]!.ended;
    const deadline = Date.now() + 5_000;
    let reopened = await open(someone);
    while (reopened.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await open(someone);
    }
    expect(reopened.status).toBe(200);
  });
});

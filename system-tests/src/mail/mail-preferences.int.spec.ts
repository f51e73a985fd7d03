import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  comparePositions,
  CONSISTENCY_TOKEN_HEADER,
  issueUnsubscribeToken,
  mailPreferencesSchema,
  routes,
  texts,
  toMailPreferencesStreamId,
  type MailTopic,
} from '@campus/contracts';
import { createLogger } from '@campus/infra';
import { startCatchAllSmtp, type CatchAllSmtp } from '@campus/infra/mail';
import { startOutbox, type Outbox } from '@campus/projection-worker';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'mail-admin@university.edu';

/** Mail preferences (docs/mail.md): the profile's switches, and a mail's one-click link. */
describe('mail preferences', () => {
  let stack: TestStack;
  let f: Fixtures;
  let smtp: CatchAllSmtp;
  let outbox: Outbox;
  let student: TestAccount;
  let other: TestAccount;
  const PUBLIC_URL = 'http://campus.example';

  /** One's preferences, read after the stack's commands (or after `after`, sent outside it). */
  const preferencesOf = async (who: TestAccount, after?: request.Response) => {
    const read = stack.read(
      buildPath(routes.getMailPreferences.path, { id: who.userId }),
      who.token,
    );
    const consistency = after?.headers[CONSISTENCY_TOKEN_HEADER];
    const response = await (typeof consistency === 'string'
      ? read.set(CONSISTENCY_TOKEN_HEADER, consistency)
      : read);
    expect(response.status).toBe(200);
    return mailPreferencesSchema.parse(response.body);
  };
  const save = (who: TestAccount, id: string, body: object) =>
    stack.command('put', buildPath(routes.updateMailPreferences.path, { id }), who.token, body);
  const link = (userId: string, topic: MailTopic) =>
    issueUnsubscribeToken(stack.config.MAIL_LINK_SECRET, userId, topic);
  const eventsOn = async (userId: string) =>
    (await stack.store.readStream(toMailPreferencesStreamId(userId))).length;
  const friendRequestsTo = async (who: TestAccount) =>
    (
      await stack.db.pool.query(
        `SELECT 1 FROM outbox.messages WHERE kind = 'friend-request' AND user_id = $1`,
        [who.userId],
      )
    ).rows.length;
  /** Waits until the relay has queued a friend request mail to `who`. */
  const queuedFor = async (who: TestAccount) => {
    const deadline = Date.now() + 10_000;
    while ((await friendRequestsTo(who)) === 0) {
      if (Date.now() > deadline) throw new Error(`no friend request mail queued to ${who.email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Waits until the outbox's relay has read the log to its head. */
  const relayed = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await stack.db.pool.query<{ txn: string; seq: string }>(
        'SELECT txn::text, seq::text FROM outbox.checkpoint',
      );
      const at = rows[0];
      const head = await stack.store.headPosition();
      if (at && comparePositions({ txn: BigInt(at.txn), seq: BigInt(at.seq) }, head) >= 0) return;
      if (Date.now() > deadline) throw new Error('the outbox relay did not reach the head');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'mail-preferences' });
    f = createFixtures(stack);
    smtp = await startCatchAllSmtp();
    student = await f.user('mail-student');
    other = await f.user('mail-other');
    outbox = startOutbox({
      store: stack.store,
      pool: stack.db.pool,
      logger: createLogger('test'),
      clock: stack.clock,
      smtp: { host: smtp.host, port: smtp.port, from: 'Campus <no-reply@university.edu>' },
      links: { publicUrl: PUBLIC_URL, secret: stack.config.MAIL_LINK_SECRET },
      intervalMs: 3_600_000,
    });
    await relayed();
  });
  afterAll(async () => {
    await outbox.stop();
    await smtp.close();
    await stack.stop();
  });

  it('starts with every kind of mail on; the owner turns kinds off and on, and nobody else may', async () => {
    expect(await preferencesOf(student)).toEqual({
      reminders: true,
      waitlist: true,
      friend_requests: true,
      service_hours: true,
    });
    expect(
      (await save(student, student.userId, { reminders: false, waitlist: false })).status,
    ).toBe(200);
    expect(await preferencesOf(student)).toMatchObject({ reminders: false, waitlist: false });
    expect((await save(student, student.userId, { waitlist: true })).status).toBe(200);
    expect(await preferencesOf(student)).toEqual({
      reminders: false,
      waitlist: true,
      friend_requests: true,
      service_hours: true,
    });
    // The same again changes nothing and appends nothing.
    const before = await eventsOn(student.userId);
    expect((await save(student, student.userId, { waitlist: true })).status).toBe(200);
    expect(await eventsOn(student.userId)).toBe(before);

    for (const response of [
      await save(other, student.userId, { reminders: true }),
      await stack.read(
        buildPath(routes.getMailPreferences.path, { id: student.userId }),
        other.token,
      ),
    ]) {
      expect(response.status).toBe(403);
      expect((response.body as { detail: string }).detail).toBe(texts.mailPreferences.onlyOwner);
    }
  });

  it('refuses a body naming no kind, an unknown kind or a value that is not true or false, with the field', async () => {
    for (const [body, field] of [
      [{}, '(body)'],
      [{ newsletters: false }, 'newsletters'],
      [{ reminders: 'no' }, 'reminders'],
    ] as const) {
      const response = await save(student, student.userId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const errors = (response.body as { errors: { field: string }[] }).errors;
      expect(errors.map((e) => e.field)).toContain(field);
    }
  });

  it('turns one kind off through a signed link, as a mail program posts it, once however often it is used', async () => {
    const token = await link(other.userId, 'waitlist');
    const path = buildPath(routes.unsubscribe.path, { token });
    // RFC 8058: a form body `List-Unsubscribe=One-Click`, no token, no cookie.
    const first = await request(stack.commandApp)
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ topic: 'waitlist', off: true });
    expect(await preferencesOf(other, first)).toMatchObject({ waitlist: false, reminders: true });
    const events = await eventsOn(other.userId);
    expect((await request(stack.commandApp).post(path)).status).toBe(200);
    expect(await eventsOn(other.userId)).toBe(events);
    // Opened in a browser (RFC 2369 mail programs): sent on to the page, which asks first.
    const opened = await request(stack.queryApp).get(path);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe/${token}`);
    expect(await eventsOn(other.userId)).toBe(events);
  });

  it('forgets an erased person’s choices', async () => {
    const admin = await stack.registerUser(ADMIN);
    const leaving = await f.user('mail-leaving');
    expect((await save(leaving, leaving.userId, { reminders: false })).status).toBe(200);
    expect(await preferencesOf(leaving)).toMatchObject({ reminders: false });
    const erased = await stack.command(
      'post',
      buildPath(routes.eraseUser.path, { id: leaving.userId }),
      admin.token,
    );
    expect(erased.status).toBe(200);
    await stack.read(buildPath(routes.getUser.path, { id: admin.userId }), admin.token);
    const { rows } = await stack.db.pool.query(
      'SELECT 1 FROM read.mail_preferences WHERE user_id = $1',
      [leaving.userId],
    );
    expect(rows).toEqual([]);
  });

  it('answers 404 for a link that was not signed here or names no kind of mail, and changes nothing', async () => {
    const genuine = await link(other.userId, 'reminders');
    const forged = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherSecret = await issueUnsubscribeToken(
      'another-secret-of-16+',
      other.userId,
      'reminders',
    );
    const unknownTopic = genuine.replace('.reminders.', '.newsletters.');
    const events = await eventsOn(other.userId);
    for (const token of [
      forged,
      otherSecret,
      unknownTopic,
      'nothing',
      `${other.userId}.reminders`,
    ]) {
      const response = await request(stack.commandApp).post(
        buildPath(routes.unsubscribe.path, { token }),
      );
      expect(response.status, token).toBe(404);
      expect((response.body as { detail: string }).detail).toBe(
        texts.mailPreferences.unsubscribe.invalidLink,
      );
    }
    expect(await eventsOn(other.userId)).toBe(events);
  });

  it('mails a friend request with its link; after following it, the next request is not even queued', async () => {
    const friend = await f.user('mail-friend');
    const third = await f.user('mail-third');
    const control = await f.user('mail-control');
    await f.requestFriend(friend, student);
    await queuedFor(student);
    expect(await outbox.tick()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([student.email]);
    const url = new RegExp(`${PUBLIC_URL}/unsubscribe/(\\S+)`).exec(mail?.text ?? '');
    expect(url?.[1]).toBeDefined();
    const list = mail?.headers.get('list') as { unsubscribe?: { id?: string } } | undefined;
    const oneClick = new URL(list?.unsubscribe?.id ?? 'http://invalid/');
    expect(oneClick.pathname).toBe(buildPath(routes.unsubscribe.path, { token: url?.[1] ?? '' }));

    const followed = await request(stack.commandApp)
      .post(oneClick.pathname)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(followed.body).toEqual({ topic: 'friend_requests', off: true });
    // The third's request, then one to someone else: once the relay queued that one, it has
    // passed the third's, in the log's order.
    await f.requestFriend(third, student);
    await f.requestFriend(third, control);
    await queuedFor(control);
    expect(await friendRequestsTo(student)).toBe(1);
    expect(await outbox.tick()).toBe(1);
    expect((await smtp.waitFor(2)).map((m) => m.to)).toEqual([[student.email], [control.email]]);
  });
});

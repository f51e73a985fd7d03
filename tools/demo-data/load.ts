import { z } from 'zod';
import {
  buildPath,
  easternToday,
  easternToInstant,
  instantToEastern,
  routes,
} from '@campus/contracts';
import { DemoClient } from './client';
import { gradientPng } from './png';
import {
  ADMIN_EMAIL,
  HOST_EMAIL,
  planDemo,
  STUDENT_EMAIL,
  type PlannedOpportunity,
  type PlannedStart,
} from './plan';
import { startToolingCommandService } from './tooling-command-service';

/**
 * Loads the demo campus through the command API (so every projection sees it) and prints the
 * accounts to sign in with. The campus's history (accounts, organizations, past events with their
 * signups and attendance) is decided at its own past instants by a tooling command service run in
 * this process; upcoming events and friendships go through the gateway now. See docs/demo-data.md.
 *
 *   npx tsx tools/demo-data/load.ts [gateway URL]
 *
 * DEMO_DATA_SCALE (default 1: 300 students, 80 opportunities) shrinks the campus; DEMO_DATA=skip
 * loads only the three demo accounts; DEMO_DATA_CONCURRENCY bounds parallel requests (default 16).
 * Idempotent: a database that already holds the demo (its last step, the partner addresses on the
 * approved list, is there) is left alone.
 */
const env = z
  .object({
    DEMO_DATA: z.enum(['full', 'skip']).default('full'),
    DEMO_DATA_SCALE: z.coerce.number().gt(0).max(1).default(1),
    DEMO_DATA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  })
  .parse(process.env);
const baseUrl = z.url().parse(process.argv[2] ?? 'http://127.0.0.1:8080');

const interactive = process.stdout.isTTY;
let lastLine = '';
let lastLogged = '';
/** One line rewritten in place on a terminal; in logs, a line per step and per tenth done. */
const progress = (line: string) => {
  if (interactive) process.stdout.write(`\r${line.padEnd(lastLine.length)}`);
  else {
    const [, percent = '', label = ''] = /(\d+)% \(\S+\) (.*)$/.exec(line) ?? [];
    const key = `${label} ${String(Math.floor(Number(percent) / 10))}`;
    if (key !== lastLogged) console.log(line);
    lastLogged = key;
  }
  lastLine = line;
};
const client = new DemoClient(baseUrl, progress);
const started = Date.now();

const idOf = z.object({ id: z.string() });
const ids = {
  users: new Map<string, string>(),
  organizations: new Map<string, string>(),
  opportunities: new Map<string, string>(),
};
const must = (map: Map<string, string>, key: string) => {
  const id = map.get(key);
  if (!id) throw new Error(`demo data: no id for ${key}`);
  return id;
};

/** Registers one account (or finds its id when it exists), decided `at` that instant if given. */
const register = async (
  user: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    carSeats: number;
    gender?: string | null;
    graduationYear?: number | null;
    academicLevel?: string | null;
    major?: string | null;
  },
  at?: Date,
) => {
  const check = await client.call('POST', routes.protectedCheck.path, user.email);
  const existing = z.object({ user: z.object({ id: z.string().nullable() }) }).parse(check.body);
  if (existing.user.id) {
    ids.users.set(user.email, existing.user.id);
    return false;
  }
  const created = await client.call(
    'POST',
    routes.registerUser.path,
    user.email,
    {
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      has_car: user.carSeats > 0,
      car_seats: user.carSeats,
      gender: user.gender ?? null,
      graduation_year: user.graduationYear ?? null,
      academic_level: user.academicLevel ?? null,
      major: user.major ?? null,
    },
    at ? { at } : {},
  );
  ids.users.set(user.email, idOf.parse(created.body).id);
  return true;
};

const demoAccounts = [
  { email: ADMIN_EMAIL, firstName: 'Avery', lastName: 'Admin', phone: '5550100000', carSeats: 0 },
  { email: HOST_EMAIL, firstName: 'Harper', lastName: 'Host', phone: '5550100001', carSeats: 2 },
  { email: STUDENT_EMAIL, firstName: 'Sam', lastName: 'Student', phone: '5550100002', carSeats: 0 },
];

const printAccounts = () => {
  console.log(
    'Demo accounts (pick one in the sign-in dialog, or type any @university.edu address):',
  );
  for (const [role, email] of [
    ['admin', ADMIN_EMAIL],
    ['host', HOST_EMAIL],
    ['student', STUDENT_EMAIL],
  ] as const)
    console.log(`  ${role.padEnd(8)} ${email}`);
};

const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const QUARTER_HOUR = 15 * MINUTE;
const today = easternToday(new Date());
/** The Eastern date and time an opportunity really starts at. */
const startOf = (start: PlannedStart) => {
  if (start.kind === 'day') return { date: addDays(today, start.dayOffset), time: start.time };
  const at = Math.ceil((Date.now() + start.hoursFromNow * 3_600_000) / QUARTER_HOUR) * QUARTER_HOUR;
  return instantToEastern(new Date(at));
};
const isPast = (o: PlannedOpportunity) => o.start.kind === 'day' && o.start.dayOffset < 0;
const instantOf = (o: PlannedOpportunity) => {
  const when = startOf(o.start);
  return easternToInstant(when.date, when.time);
};
const after = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

const main = async () => {
  if (env.DEMO_DATA === 'skip') {
    for (const account of demoAccounts) await register(account);
    printAccounts();
    return;
  }
  const plan = planDemo(env.DEMO_DATA_SCALE);
  const sentinel = plan.approvedEmails.at(-1) ?? '';
  const loaded = await client.call(
    'GET',
    buildPath(routes.checkApprovedEmail.path, { address: sentinel }),
    null,
  );
  if (z.object({ is_approved: z.boolean() }).parse(loaded.body).is_approved) {
    console.log('demo data: already loaded, nothing to do');
    printAccounts();
    return;
  }

  const pastOpportunities = plan.opportunities.filter(isPast);
  const upcomingOpportunities = plan.opportunities.filter((o) => !isPast(o));
  const friendshipSteps = plan.friendships.reduce(
    (n, f) => n + (f.outcome === 'pending' ? 1 : f.outcome === 'removed' ? 3 : 2),
    0,
  );
  client.total =
    plan.users.length * 2 +
    plan.imageColors.length +
    plan.organizations.length +
    plan.organizations.reduce((n, o) => n + o.members.length, 0) +
    plan.opportunities.length +
    plan.opportunities.reduce((n, o) => n + o.participants.length + o.announcements.length, 0) +
    pastOpportunities.reduce((n, o) => n + 2 + (o.attendance ? 1 : 0), 0) +
    friendshipSteps +
    plan.serviceLogs.reduce((n, l) => n + (l.decision ? 2 : 1), 0) +
    plan.approvedEmails.length +
    2;
  const c = env.DEMO_DATA_CONCURRENCY;

  // The campus opened three weeks before its earliest past event: accounts, organizations and
  // memberships are decided then, so every signup and award comes after the people and groups.
  const earliestPast = Math.min(
    0,
    ...pastOpportunities.map((o) => (o.start.kind === 'day' ? o.start.dayOffset : 0)),
  );
  const opening = easternToInstant(addDays(today, earliestPast - 21), '09:00');
  const images: string[] = [];
  const createBody = (o: PlannedOpportunity) => {
    const when = startOf(o.start);
    return {
      name: o.name,
      description: o.description,
      nonprofit: o.nonprofit,
      address: o.address,
      date: when.date,
      time: when.time,
      duration: o.durationMinutes,
      total_slots: o.totalSlots,
      host_org_id: must(ids.organizations, o.hostOrg),
      redirect_url: o.redirectUrl,
      image: images[o.imageIndex] ?? null,
      causes: o.causes,
      tags: o.tags,
      visibility: o.visibility.map((key) => must(ids.organizations, key)),
      isPrivate: o.visibility.length > 0,
    };
  };

  // By hand without the stack's environment, the plan's admin is still the admin who registers.
  const tooling = await startToolingCommandService({
    ADMIN_EMAILS: process.env['ADMIN_EMAILS'] ?? ADMIN_EMAIL,
  });
  client.toolingUrl = tooling.url;
  try {
    // 1. Accounts: the admin first (ADMIN_EMAILS makes it an admin), then everyone else.
    await register(plan.admin, opening);
    await client.each('accounts', plan.users, c, async (user) => {
      await register(user, after(opening, MINUTE));
    });
    await client.each(
      'profiles',
      plan.users.filter((u) => u.bio),
      c,
      async (user) => {
        await client.call(
          'PUT',
          buildPath(routes.updateProfile.path, { id: must(ids.users, user.email) }),
          user.email,
          { bio: user.bio, interests: user.interests },
          { at: after(opening, HOUR) },
        );
      },
    );
    client.done += plan.users.length - plan.users.filter((u) => u.bio).length;

    // 2. Banner pictures for the opportunities, uploaded like the create form does.
    await client.each('pictures', plan.imageColors, c, async ([from, to], index) => {
      const form = new FormData();
      const png = gradientPng(640, 320, from, to);
      form.append(
        'file',
        new Blob([new Uint8Array(png)], { type: 'image/png' }),
        `banner-${String(index)}.png`,
      );
      const answer = await client.call('POST', routes.upload.path, HOST_EMAIL, undefined, { form });
      images[index] = z.object({ url: z.string() }).parse(answer.body).url;
    });

    // 3. Organizations, created by their hosts; the admin approves all but a few.
    await client.each('organizations', plan.organizations, c, async (org) => {
      const answer = await client.call(
        'POST',
        routes.createOrganization.path,
        org.host,
        { name: org.name, type: org.type, description: org.description },
        { idempotencyKey: `demo-${org.key}`, at: after(opening, 2 * HOUR) },
      );
      ids.organizations.set(org.key, idOf.parse(answer.body).id);
    });
    await client.call(
      'POST',
      routes.bulkApprove.path,
      ADMIN_EMAIL,
      {
        organization_ids: plan.organizations
          .filter((o) => o.approved)
          .map((o) => must(ids.organizations, o.key)),
      },
      { at: after(opening, 3 * HOUR) },
    );
    client.done++;
    const memberships = plan.organizations.flatMap((o) => o.members.map((m) => ({ org: o, m })));
    await client.each('memberships', memberships, c, async ({ org, m }) => {
      await client.call(
        'POST',
        routes.joinOrganization.path,
        m,
        { user_id: must(ids.users, m), organization_id: must(ids.organizations, org.key) },
        { idempotencyKey: `demo-join-${org.key}`, at: after(opening, 4 * HOUR) },
      );
    });

    // 4. Past events, each lived through on the tooling clock: created and approved two weeks
    //    ahead, filled two days ahead (signups close at the start), attendance after it ended.
    await client.each('past events', pastOpportunities, c, async (o) => {
      const start = instantOf(o);
      const created = after(start, -14 * DAY);
      const answer = await client.call(
        'POST',
        routes.createOpportunity.path,
        o.host,
        createBody(o),
        {
          idempotencyKey: `demo-${o.key}`,
          at: created,
        },
      );
      const id = idOf.parse(answer.body).id;
      ids.opportunities.set(o.key, id);
      client.done++;
      await client.call(
        'POST',
        routes.bulkApprove.path,
        ADMIN_EMAIL,
        { opportunity_ids: [id] },
        { idempotencyKey: `demo-approve-${o.key}`, at: after(created, HOUR) },
      );
      client.done++;
      // One after another, a minute apart: the earliest signup (the +5 bonus) is the plan's first.
      for (const [index, p] of o.participants.entries()) {
        await client.call(
          'POST',
          routes.signUp.path,
          p,
          { user_id: must(ids.users, p), opportunity_id: id },
          { idempotencyKey: `demo-signup-${o.key}`, at: after(start, -2 * DAY + index * MINUTE) },
        );
        client.done++;
      }
      for (const [index, text] of o.announcements.entries()) {
        await client.call(
          'POST',
          buildPath(routes.postAnnouncement.path, { id }),
          o.host,
          { text },
          { idempotencyKey: `demo-announce-${o.key}`, at: after(start, -DAY + index * MINUTE) },
        );
        client.done++;
      }
      if (!o.attendance) return;
      const ended = after(start, o.durationMinutes * MINUTE + HOUR);
      await client.call(
        'PUT',
        routes.markAttendance.path,
        o.host,
        {
          opportunity_id: id,
          user_ids: o.attendance.attended.map((e) => must(ids.users, e)),
          duration: o.attendance.minutes,
        },
        {
          idempotencyKey: `demo-attendance-${o.key}`,
          at: new Date(Math.min(ended.getTime(), Date.now() - MINUTE)),
        },
      );
      client.done++;
    });

    // 5. Service logged off the platform, each logged and decided at its own past instants.
    await client.each('service hours', plan.serviceLogs, c, async (log, index) => {
      const loggedAt = easternToInstant(addDays(today, log.loggedDayOffset), '20:00');
      const answer = await client.call(
        'POST',
        routes.logServiceHours.path,
        log.student,
        {
          organization_id: log.organization ? must(ids.organizations, log.organization) : null,
          outside_organization: log.outside,
          date: addDays(today, log.serviceDayOffset),
          minutes: log.minutes,
          cause: log.cause,
          description: log.description,
          verifier_name: log.verifierName,
          verifier_email: log.verifierEmail,
          photo: index % 5 === 0 ? (images[index % images.length] ?? null) : null,
        },
        { idempotencyKey: `demo-${log.key}`, at: loggedAt },
      );
      if (!log.decision) return;
      client.done++;
      const decidedAt = easternToInstant(addDays(today, log.decision.dayOffset), '10:00');
      await client.call(
        'POST',
        buildPath(routes.decideServiceHours.path, { id: idOf.parse(answer.body).id }),
        log.decision.by,
        { decision: log.decision.approve ? 'approve' : 'reject', reason: log.decision.reason },
        {
          idempotencyKey: `demo-decide-${log.key}`,
          at: new Date(Math.min(decidedAt.getTime(), Date.now() - MINUTE)),
        },
      );
    });
  } finally {
    client.toolingUrl = null;
    await tooling.stop();
  }

  // 6. Upcoming events, created, approved and filled now through the product's own service.
  await client.each('opportunities', upcomingOpportunities, c, async (o) => {
    const answer = await client.call('POST', routes.createOpportunity.path, o.host, createBody(o), {
      idempotencyKey: `demo-${o.key}`,
    });
    ids.opportunities.set(o.key, idOf.parse(answer.body).id);
  });
  const toApprove = upcomingOpportunities.filter((o) => o.approved);
  if (toApprove.length)
    await client.call('POST', routes.bulkApprove.path, ADMIN_EMAIL, {
      opportunity_ids: toApprove.map((o) => must(ids.opportunities, o.key)),
    });
  client.done++;
  const signups = upcomingOpportunities.flatMap((o) => o.participants.map((p) => ({ o, p })));
  await client.each('signups', signups, c, async ({ o, p }) => {
    await client.call(
      'POST',
      routes.signUp.path,
      p,
      { user_id: must(ids.users, p), opportunity_id: must(ids.opportunities, o.key) },
      { idempotencyKey: `demo-signup-${o.key}` },
    );
  });
  const announcements = upcomingOpportunities.flatMap((o) =>
    o.announcements.map((text) => ({ o, text })),
  );
  await client.each('announcements', announcements, c, async ({ o, text }) => {
    await client.call(
      'POST',
      buildPath(routes.postAnnouncement.path, { id: must(ids.opportunities, o.key) }),
      o.host,
      { text },
      { idempotencyKey: `demo-announce-${o.key}` },
    );
  });

  // 7. Friendships in every state.
  await client.each('friendships', plan.friendships, c, async (f) => {
    const from = must(ids.users, f.from);
    const to = must(ids.users, f.to);
    const request = await client.call(
      'POST',
      buildPath(routes.requestFriend.path, { id: from }),
      f.from,
      { receiver_id: to },
      { idempotencyKey: `demo-friend-${to}` },
    );
    if (f.outcome === 'pending') return;
    client.done++;
    const friendshipId = idOf.parse(request.body).id;
    const answer =
      f.outcome === 'declined' ? routes.rejectFriendRequest : routes.acceptFriendRequest;
    await client.call('PUT', buildPath(answer.path, { id: friendshipId }), f.to, undefined, {
      idempotencyKey: `demo-answer-${friendshipId}`,
    });
    if (f.outcome !== 'removed') return;
    client.done++;
    await client.call(
      'DELETE',
      buildPath(routes.removeFriend.path, { id: from, friendId: to }),
      f.from,
      undefined,
      { idempotencyKey: `demo-unfriend-${to}` },
    );
  });

  // 8. Partner addresses on the approved list; the last one marks the demo as loaded.
  for (const email of plan.approvedEmails) {
    await client.call('POST', routes.addApprovedEmail.path, ADMIN_EMAIL, { email });
    client.done++;
  }
  if (interactive) process.stdout.write('\n');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `demo data: ${String(plan.users.length + 1)} users, ${String(plan.organizations.length)} organizations, ` +
      `${String(plan.opportunities.length)} opportunities (${String(pastOpportunities.length)} past), ` +
      `${String(plan.opportunities.reduce((n, o) => n + o.participants.length, 0))} signups, ${String(plan.friendships.length)} friendships, ` +
      `${String(plan.serviceLogs.length)} service logs in ${seconds} s`,
  );
  printAccounts();
};

await main();

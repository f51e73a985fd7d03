import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import {
  CAUSES,
  easternToInstant,
  eventSchemas,
  friendshipIdOf,
  instantToEastern,
  ORGANIZATION_TYPES,
  toFriendshipStreamId,
  toOpportunityStreamId,
  toOrganizationStreamId,
  toUserStreamId,
  type EventType,
  type Sealed,
} from '@campus/contracts';
import type { Pool } from '@campus/infra';

/**
 * A generated but realistic history of the product: students registering (personal data sealed
 * with a key per student, as the vault does), some editing their profiles, organizations with
 * members joining and leaving, opportunities created and approved, signups, withdrawals,
 * announcements, friend requests and acceptances, and attendance (with the first-signup bonus) for
 * every opportunity already held. It is written straight into es.events in large statements, each
 * event dated by the history's own clock as the rules would have it: an opportunity already held
 * was signed up for before it started and its attendance marked after it ended, never moved.
 */
type HistoryShape = {
  readonly events: number;
  readonly students: number;
  /** Opportunities already held (attendance marked). */
  readonly opportunities: number;
  /** Opportunities still to come (the Events list), after the held ones. */
  readonly upcoming?: number;
  readonly organizations: number;
  readonly totalSlots?: number;
};

export type HistoryStats = {
  readonly events: number;
  readonly byType: Record<string, number>;
  readonly students: readonly string[];
  readonly opportunities: readonly string[];
  readonly organizations: readonly string[];
};

type Row = { stream: string; type: EventType; data: object; actor: string | null; at: string };

/** mulberry32: a small seeded generator, so two runs generate the same shape of history. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST_DAY = Date.parse('2025-09-16T12:00:00.000Z');

const seal = (key: Buffer, subject: string, data: object): Sealed => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return {
    subject,
    iv: iv.toString('base64'),
    data: encrypted.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
};

const CHUNK = 5_000;

/** Writes `history` into the database's event store (and the students' keys); answers its stats. */
export const seedHistory = async (pool: Pool, shape: HistoryShape): Promise<HistoryStats> => {
  const random = seeded(20_251_116);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const now = Date.now();
  const byType: Record<string, number> = {};
  const revisions = new Map<string, number>();
  const checked = new Set<string>();
  let pending: {
    stream: string;
    revision: number;
    id: string;
    type: string;
    data: string;
    metadata: string;
  }[] = [];
  let written = 0;

  // A chunk is written while the next one is generated; one at a time, so that the log's order
  // (transaction, position) keeps every stream's revisions in order.
  const writing: Promise<unknown>[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const rows = pending;
    pending = [];
    if (writing.length >= 1) await writing.shift();
    writing.push(
      pool.query(
        `INSERT INTO es.events (stream_id, stream_revision, event_id, event_type, data, metadata)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
        [
          rows.map((r) => r.stream),
          rows.map((r) => r.revision),
          rows.map((r) => r.id),
          rows.map((r) => r.type),
          rows.map((r) => r.data),
          rows.map((r) => r.metadata),
        ],
      ),
    );
  };
  const emit = async (row: Row) => {
    // The first event of each type is checked against its schema: a wrong generator fails here.
    if (!checked.has(row.type)) {
      eventSchemas[row.type].parse(row.data);
      checked.add(row.type);
    }
    const revision = revisions.get(row.stream) ?? -1;
    revisions.set(row.stream, revision + 1);
    byType[row.type] = (byType[row.type] ?? 0) + 1;
    written++;
    pending.push({
      stream: row.stream,
      revision: revision + 1,
      id: randomUUID(),
      type: row.type,
      data: JSON.stringify(row.data),
      metadata: JSON.stringify({
        actorUserId: row.actor,
        correlationId: randomUUID(),
        causationId: null,
        commandName: 'BenchHistory',
        occurredAt: row.at,
      }),
    });
    if (pending.length >= CHUNK) await flush();
  };

  const activityEnd = now - DAY;
  const instant = (from: number, to: number) =>
    new Date(from + random() * (to - from)).toISOString();

  // Students (with sealed personal data and their keys).
  const students: string[] = [];
  const keys: { subject: string; key: Buffer }[] = [];
  for (let i = 0; i < shape.students; i++) {
    const userId = randomUUID();
    const key = randomBytes(32);
    students.push(userId);
    keys.push({ subject: userId, key });
    const at = instant(FIRST_DAY - 30 * DAY, FIRST_DAY);
    await emit({
      stream: toUserStreamId(userId),
      type: 'UserRegistered',
      actor: userId,
      at,
      data: {
        v: 1,
        userId,
        emailHash: `bench-${userId}`,
        personal: seal(key, userId, {
          firstName: `Student${String(i)}`,
          lastName: `Bench${String(i % 997)}`,
          email: `s${String(i)}@university.edu`,
          phone: '5551234567',
          gender: null,
          birthday: '2004-05-06',
        }),
        admin: i === 0,
        carSeats: i % 5,
        graduationYear: 2026 + (i % 4),
        academicLevel: 'Junior',
        major: 'Biology',
        registeredAt: at,
      },
    });
    if (i % 3 === 0) {
      await emit({
        stream: toUserStreamId(userId),
        type: 'UserProfileUpdated',
        actor: userId,
        at,
        data: {
          v: 1,
          userId,
          personal: seal(key, userId, { bio: 'I like helping out.' }),
          interests: [pick(CAUSES)],
        },
      });
    }
  }
  for (let i = 0; i < keys.length; i += CHUNK) {
    const slice = keys.slice(i, i + CHUNK);
    await pool.query(
      'INSERT INTO pii.subject_keys (subject, key) SELECT * FROM unnest($1::text[], $2::bytea[])',
      [slice.map((k) => k.subject), slice.map((k) => k.key)],
    );
  }

  // Organizations, hosted by students; opportunities hosted by organizations.
  const organizations: string[] = [];
  for (let i = 0; i < shape.organizations; i++) {
    const organizationId = randomUUID();
    const host = pick(students);
    organizations.push(organizationId);
    await emit({
      stream: toOrganizationStreamId(organizationId),
      type: 'OrganizationCreated',
      actor: host,
      at: instant(FIRST_DAY - 20 * DAY, FIRST_DAY),
      data: {
        v: 1,
        organizationId,
        name: `Bench organization ${String(i)}`,
        type: ORGANIZATION_TYPES[i % ORGANIZATION_TYPES.length],
        description: 'We help.',
        hostUserId: host,
        approved: true,
        createdAt: new Date(FIRST_DAY - 20 * DAY).toISOString(),
      },
    });
  }
  const opportunities: {
    id: string;
    host: string;
    date: string;
    minutes: number;
    createdAt: number;
    startsAt: number;
  }[] = [];
  const held = shape.opportunities;
  for (let i = 0; i < held + (shape.upcoming ?? 0); i++) {
    const opportunityId = randomUUID();
    const host = pick(students);
    const [from, to] = i < held ? [FIRST_DAY, now - 2 * DAY] : [now + 2 * DAY, now + 120 * DAY];
    const startsAt = new Date(from + random() * (to - from));
    const local = instantToEastern(startsAt);
    const time = `${String(9 + (i % 9)).padStart(2, '0')}:00`;
    const minutes = 30 * (1 + (i % 6));
    const approved = i % 10 !== 0;
    const at = instant(FIRST_DAY - 10 * DAY, FIRST_DAY);
    opportunities.push({
      id: opportunityId,
      host,
      date: local.date,
      minutes,
      createdAt: Date.parse(at),
      startsAt: easternToInstant(local.date, time).getTime(),
    });
    await emit({
      stream: toOpportunityStreamId(opportunityId),
      type: 'OpportunityCreated',
      actor: host,
      at,
      data: {
        v: 1,
        opportunityId,
        hostUserId: host,
        hostOrgId: pick(organizations),
        approved,
        createdAt: at,
        name: `Bench opportunity ${String(i)}`,
        description: 'Bring gloves and water. https://example.org',
        nonprofit: 'Green Town',
        address: '1 Main St',
        date: local.date,
        time,
        startsAt: easternToInstant(local.date, time).toISOString(),
        durationMinutes: minutes,
        totalSlots: shape.totalSlots ?? 500,
        causes: [CAUSES[i % CAUSES.length], CAUSES[(i + 3) % CAUSES.length]],
        tags: ['outdoors'],
        qualifications: [],
        visibility: [],
        redirectUrl: null,
        imageUrl: null,
      },
    });
    if (!approved) {
      await emit({
        stream: toOpportunityStreamId(opportunityId),
        type: 'OpportunityApproved',
        actor: null,
        at,
        data: { v: 1, opportunityId },
      });
    }
  }

  // Activity, interleaved at random, until only the attendance events are left to write.
  const registered = opportunities.map(() => [] as number[]);
  const everSigned = opportunities.map(() => new Set<number>());
  const friendPairs = new Set<string>();
  const requested: [number, number][] = [];
  const members = organizations.map(() => new Set<number>());
  const weights: [string, number][] = [
    ['signup', 62],
    ['unregister', 8],
    ['request', 14],
    ['accept', 9],
    ['join', 5],
    ['leave', 1],
    ['announce', 1],
  ];
  const totalWeight = weights.reduce((s, [, w]) => s + w, 0);
  const kindOf = () => {
    let r = random() * totalWeight;
    for (const [kind, w] of weights) if ((r -= w) < 0) return kind;
    return 'signup';
  };
  const activityEnds = shape.events - held;
  // Signing up, leaving and announcing on an opportunity already held end 8 hours before its start.
  const activityOn = (o: number, drawn: string) => {
    if (o >= held) return drawn;
    const opportunity = opportunities[o] as (typeof opportunities)[number];
    return instant(opportunity.createdAt, opportunity.startsAt - 8 * HOUR);
  };
  while (written < activityEnds) {
    const at = instant(FIRST_DAY, activityEnd);
    let kind = kindOf();
    if (kind === 'accept' && !requested.length) kind = 'request';
    if (kind === 'unregister') {
      const o = Math.floor(random() * opportunities.length);
      const list = registered[o] ?? [];
      if (list.length) {
        const idx = Math.floor(random() * list.length);
        const s = list[idx] as number;
        list[idx] = list[list.length - 1] as number;
        list.pop();
        const opportunity = opportunities[o] as (typeof opportunities)[number];
        const userId = students[s] as string;
        const leftAt = activityOn(o, at);
        await emit({
          stream: toOpportunityStreamId(opportunity.id),
          type: 'UserUnregistered',
          actor: userId,
          at: leftAt,
          data: {
            v: 1,
            opportunityId: opportunity.id,
            userId,
            byUserId: userId,
            at: leftAt,
            late: opportunity.startsAt - Date.parse(leftAt) < 7 * HOUR,
          },
        });
        continue;
      }
      kind = 'signup';
    }
    if (kind === 'leave') {
      const g = Math.floor(random() * organizations.length);
      const set = members[g] as Set<number>;
      const first = set.values().next();
      if (!first.done) {
        set.delete(first.value);
        const userId = students[first.value] as string;
        await emit({
          stream: toOrganizationStreamId(organizations[g] as string),
          type: 'MemberLeft',
          actor: userId,
          at,
          data: { v: 1, organizationId: organizations[g], userId },
        });
        continue;
      }
      kind = 'join';
    }
    if (kind === 'join') {
      const g = Math.floor(random() * organizations.length);
      const s = Math.floor(random() * students.length);
      (members[g] as Set<number>).add(s);
      const userId = students[s] as string;
      await emit({
        stream: toOrganizationStreamId(organizations[g] as string),
        type: 'MemberJoined',
        actor: userId,
        at,
        data: { v: 1, organizationId: organizations[g], userId },
      });
      continue;
    }
    if (kind === 'request') {
      const a = Math.floor(random() * students.length);
      const b = Math.floor(random() * students.length);
      const pair = a < b ? `${String(a)}-${String(b)}` : `${String(b)}-${String(a)}`;
      if (a !== b && !friendPairs.has(pair)) {
        friendPairs.add(pair);
        requested.push([a, b]);
        const requesterId = students[a] as string;
        const recipientId = students[b] as string;
        const friendshipId = friendshipIdOf(requesterId, recipientId);
        await emit({
          stream: toFriendshipStreamId(friendshipId),
          type: 'FriendRequested',
          actor: requesterId,
          at,
          data: { v: 1, friendshipId, requesterId, recipientId, at },
        });
        continue;
      }
      kind = 'signup';
    }
    if (kind === 'accept') {
      const idx = Math.floor(random() * requested.length);
      const [a, b] = requested[idx] as [number, number];
      requested[idx] = requested[requested.length - 1] as [number, number];
      requested.pop();
      const requesterId = students[a] as string;
      const recipientId = students[b] as string;
      const friendshipId = friendshipIdOf(requesterId, recipientId);
      await emit({
        stream: toFriendshipStreamId(friendshipId),
        type: 'FriendRequestAccepted',
        actor: recipientId,
        at,
        data: { v: 1, friendshipId, requesterId, recipientId, at },
      });
      continue;
    }
    if (kind === 'announce') {
      const o = Math.floor(random() * opportunities.length);
      const opportunity = opportunities[o] as (typeof opportunities)[number];
      const postedAt = activityOn(o, at);
      await emit({
        stream: toOpportunityStreamId(opportunity.id),
        type: 'AnnouncementPosted',
        actor: opportunity.host,
        at: postedAt,
        data: {
          v: 1,
          opportunityId: opportunity.id,
          announcementId: randomUUID(),
          text: 'Meet at the main entrance.',
          postedBy: opportunity.host,
          postedAt,
        },
      });
      continue;
    }
    // signup: a student not yet signed up for that opportunity.
    const o = Math.floor(random() * opportunities.length);
    const s = Math.floor(random() * students.length);
    const signed = everSigned[o] as Set<number>;
    const opportunity = opportunities[o] as (typeof opportunities)[number];
    const userId = students[s] as string;
    if (signed.has(s)) continue;
    signed.add(s);
    (registered[o] as number[]).push(s);
    const signedAt = activityOn(o, at);
    await emit({
      stream: toOpportunityStreamId(opportunity.id),
      type: 'UserSignedUp',
      actor: userId,
      at: signedAt,
      data: { v: 1, opportunityId: opportunity.id, userId, byUserId: userId, at: signedAt },
    });
  }

  // Attendance of every opportunity held, an hour after it ended: most who are registered came;
  // the earliest gets the bonus.
  for (let o = 0; o < held; o++) {
    const opportunity = opportunities[o] as (typeof opportunities)[number];
    const list = registered[o] as number[];
    const attended: string[] = [];
    const absent: string[] = [];
    for (const s of list) (random() < 0.9 ? attended : absent).push(students[s] as string);
    const first = list[0] === undefined ? null : (students[list[0]] as string);
    const at = new Date(opportunity.startsAt + opportunity.minutes * 60_000 + HOUR).toISOString();
    await emit({
      stream: toOpportunityStreamId(opportunity.id),
      type: 'AttendanceMarked',
      actor: opportunity.host,
      at,
      data: {
        v: 1,
        opportunityId: opportunity.id,
        markedBy: opportunity.host,
        durationMinutes: opportunity.minutes,
        attendedUserIds: attended,
        absentUserIds: absent,
        firstSignupBonus: first && attended.includes(first) ? { userId: first, points: 5 } : null,
        opportunityDate: opportunity.date,
        at,
      },
    });
  }
  await flush();
  await Promise.all(writing);
  await pool.query(
    `INSERT INTO es.streams (stream_id, revision)
     SELECT stream_id, max(stream_revision) FROM es.events GROUP BY stream_id
     ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision`,
  );
  await pool.query('ANALYZE es.events');
  return {
    events: written,
    byType,
    students,
    opportunities: opportunities.map((o) => o.id),
    organizations,
  };
};

import { instantToEastern } from '@campus/contracts';
import type { Account } from './stack';

const HOUR = 3_600_000;
/** The seeding command service's clock: two days back, so "in 12 hours" by it is 36 hours ago. */
export const SEED_CLOCK_OFFSET_MS = -48 * HOUR;

export type PastOpportunity = {
  readonly id: string;
  /** The students signed up for it before it started. */
  readonly signed: readonly Account[];
};

const call = async (base: string, method: string, path: string, token: string, body?: object) => {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${String(answer.status)} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { id?: string }) : {};
};

/**
 * `count` approved opportunities of an organization hosted by `host` that started 36 hours ago in
 * real time, each with `participants` of `students` signed up, made through `seederUrl`: a command
 * service whose clock runs SEED_CLOCK_OFFSET_MS back, so that every command was legal at its
 * clock's time (created for "in 12 hours", signed up before the start). No date is edited
 * backwards. The command service at the real clock may then mark their attendance.
 */
export const seedPastOpportunities = async (
  seederUrl: string,
  options: {
    readonly admin: Account;
    readonly host: Account;
    readonly students: readonly Account[];
    readonly count: number;
    readonly participants: number;
    readonly label: string;
  },
): Promise<PastOpportunity[]> => {
  const { admin, host, students } = options;
  const org = await call(seederUrl, 'POST', '/api/orgs', host.token, {
    name: `Bench ${options.label} hosts ${String(Date.now())}`,
    type: 'Community Service',
    description: 'Bench',
  });
  const orgId = org.id ?? '';
  await call(seederUrl, 'PUT', `/api/orgs/${orgId}`, admin.token, { approved: true });
  // A whole minute, so that the local date and time name exactly this instant.
  const startsAt = new Date(Math.floor((Date.now() - 36 * HOUR) / 60_000) * 60_000);
  const { date, time } = instantToEastern(startsAt);
  const made: PastOpportunity[] = [];
  const one = async (i: number) => {
    const created = await call(seederUrl, 'POST', '/api/opps', host.token, {
      name: `Bench held opportunity ${String(i)}`,
      description: 'Bring gloves and water.',
      date,
      time,
      duration: 60,
      total_slots: Math.max(10, options.participants),
      host_org_id: orgId,
      causes: ['Environment & Sustainability'],
    });
    const id = created.id ?? '';
    await call(seederUrl, 'PUT', `/api/opps/${id}`, admin.token, { approved: true });
    const signed: Account[] = [];
    for (let k = 0; k < options.participants; k++) {
      const who = students[(i * options.participants + k) % students.length] as Account;
      if (signed.includes(who)) continue;
      await call(seederUrl, 'POST', '/api/register-opp', who.token, {
        user_id: who.userId,
        opportunity_id: id,
      });
      signed.push(who);
    }
    made[i] = { id, signed };
  };
  for (let i = 0; i < options.count; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, options.count - i) }, (_, j) => one(i + j)));
  }
  return made;
};

import { friendshipIdOf } from '@campus/contracts';
import type { DriverRequest } from './driver-request';
import type { OfferedCommand } from './open-loop-driver';

/**
 * An open-loop schedule of the product's own command mix, each command with the read whose answer
 * shows its effect: signups and withdrawals (the opportunity's page, where the student pressed the
 * button: its participants and whether they are registered),
 * friend requests (the recipient's notifications) and their acceptance (the recipient's friends),
 * and attendance marked by the host on opportunities that have started (the leaderboard as one of
 * the attendees sees it: attendance awards points and moves the boards).
 */
export type MixAccount = { readonly token: string; readonly userId: string };

export type MixKind = 'signup' | 'unregister' | 'friend request' | 'friend accept' | 'attendance';

/** Shares of the generated history (signups 62, withdrawals 8, friend requests 14, accepts 9). */
export const HISTORY_WEIGHTS: Readonly<Record<MixKind, number>> = {
  signup: 62,
  unregister: 8,
  'friend request': 14,
  'friend accept': 9,
  attendance: 0,
};

export type MixOptions = {
  readonly rate: number;
  readonly durationMs: number;
  readonly weights: Readonly<Record<MixKind, number>>;
  readonly students: readonly MixAccount[];
  readonly opportunities: readonly string[];
  /** Opportunities that have started, each marked once, by `host`, for those signed up. */
  readonly held?: readonly { readonly id: string; readonly signed: readonly MixAccount[] }[];
  readonly host?: MixAccount;
  /** Which reads to attach (none for load that only writes). */
  readonly probes: boolean;
  /** A withdrawal or an acceptance comes at least this long after the command it follows. */
  readonly followAfterMs?: number;
  readonly seed?: number;
};

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

const json = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The schedule: `rate × duration` commands, evenly spaced, kinds drawn by weight. */
export const buildCommandMix = (options: MixOptions): OfferedCommand[] => {
  const random = seeded(options.seed ?? 20_251_125);
  const { students, opportunities } = options;
  const followAfter = options.followAfterMs ?? 2_000;
  const count = Math.floor((options.rate * options.durationMs) / 1_000);
  const interval = 1_000 / options.rate;
  const kinds = Object.entries(options.weights) as [MixKind, number][];
  const total = kinds.reduce((s, [, w]) => s + w, 0);
  const draw = (): MixKind => {
    let r = random() * total;
    for (const [kind, w] of kinds) if ((r -= w) < 0) return kind;
    return 'signup';
  };
  const held = [...(options.held ?? [])];
  // Pairs walked in a fixed shuffled order, so no pair signs up twice and consecutive signups
  // touch different students and opportunities.
  const pairs = students.length * opportunities.length;
  const step = coprimeStep(pairs, Math.floor(pairs * 0.618) + 1);
  let nextPair = 0;
  let nextFriendPair = 0;
  const friendStep = coprimeStep(students.length * students.length, students.length + 1);
  const friendPairs = new Set<string>();
  const signups: { index: number; student: MixAccount; opportunityId: string }[] = [];
  const requests: { index: number; from: MixAccount; to: MixAccount }[] = [];
  const commands: OfferedCommand[] = [];

  const signup = (at: number): OfferedCommand | null => {
    if (nextPair >= pairs) return null;
    const k = (nextPair++ * step) % pairs;
    const student = students[k % students.length] as MixAccount;
    const opportunityId = opportunities[Math.floor(k / students.length)] as string;
    signups.push({ index: commands.length, student, opportunityId });
    return {
      kind: 'signup',
      at,
      request: postJson('/api/register-opp', student.token, {
        user_id: student.userId,
        opportunity_id: opportunityId,
      }),
      ...probe(options.probes, `/api/opps/${opportunityId}/full`, student.token),
    };
  };
  const unregister = (at: number): OfferedCommand | null => {
    // A signup early enough, picked at random among them.
    let ready = 0;
    while (ready < signups.length && (signups[ready]?.index ?? 0) * interval <= at - followAfter)
      ready++;
    if (!ready) return null;
    const pick = Math.floor(random() * ready);
    const [chosen] = signups.splice(pick, 1);
    if (!chosen) return null;
    return {
      kind: 'unregister',
      at,
      after: chosen.index,
      request: postJson('/api/unregister-opp', chosen.student.token, {
        user_id: chosen.student.userId,
        opportunity_id: chosen.opportunityId,
      }),
      ...probe(options.probes, `/api/opps/${chosen.opportunityId}/full`, chosen.student.token),
    };
  };
  const request = (at: number): OfferedCommand | null => {
    const n = students.length;
    for (let tries = 0; tries < n * n && n > 1; tries++) {
      const k = (nextFriendPair++ * friendStep) % (n * n);
      const from = students[Math.floor(k / n)] as MixAccount;
      const to = students[k % n] as MixAccount;
      const key = friendshipIdOf(from.userId, to.userId);
      if (from === to || friendPairs.has(key)) continue;
      friendPairs.add(key);
      requests.push({ index: commands.length, from, to });
      return {
        kind: 'friend request',
        at,
        request: postJson(`/api/users/${from.userId}/friends`, from.token, {
          receiver_id: to.userId,
        }),
        ...probe(options.probes, '/api/notifications', to.token),
      };
    }
    return null;
  };
  const accept = (at: number): OfferedCommand | null => {
    const first = requests[0];
    if (!first || first.index * interval > at - followAfter) return null;
    requests.shift();
    return {
      kind: 'friend accept',
      at,
      after: first.index,
      request: {
        method: 'PUT',
        path: `/api/friendships/${friendshipIdOf(first.from.userId, first.to.userId)}/accept`,
        headers: bearer(first.to.token),
      },
      ...probe(options.probes, `/api/users/${first.to.userId}/friends`, first.to.token),
    };
  };
  const attendance = (at: number): OfferedCommand | null => {
    const next = held.shift();
    if (!next || !options.host) return null;
    const reader = next.signed[0] ?? options.host;
    return {
      kind: 'attendance',
      at,
      request: {
        method: 'PUT',
        path: '/api/attendance',
        headers: json(options.host.token),
        body: JSON.stringify({
          opportunity_id: next.id,
          user_ids: next.signed.map((s) => s.userId),
          duration: 60,
        }),
      },
      ...probe(options.probes, '/api/leaderboard?period=all&limit=50', reader.token),
    };
  };
  const makers: Record<MixKind, (at: number) => OfferedCommand | null> = {
    signup,
    unregister,
    'friend request': request,
    'friend accept': accept,
    attendance,
  };
  for (let i = 0; i < count; i++) {
    const at = i * interval;
    // A kind with nothing to act on yet (no signup old enough to withdraw) falls back to a signup.
    const command = makers[draw()](at) ?? signup(at) ?? request(at);
    if (!command) throw new Error('the mix ran out of students and opportunities to pair');
    commands.push(command);
  }
  return commands;
};

const postJson = (path: string, token: string, body: object): DriverRequest => ({
  method: 'POST',
  path,
  headers: json(token),
  body: JSON.stringify(body),
});

const probe = (on: boolean, path: string, token: string) =>
  on ? { probe: { path, headers: bearer(token) } } : {};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The smallest step from `start` up that visits every residue of `n` (coprime with n). */
export const coprimeStep = (n: number, start: number): number => {
  if (n <= 1) return 1;
  let step = Math.max(1, start % n);
  while (gcd(step, n) !== 1) step = (step % n) + 1;
  return step;
};

/** How many of each kind a schedule holds. */
export const countKinds = (commands: readonly OfferedCommand[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const c of commands) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  return counts;
};

/**
 * `schedule` cut at `atMs`: the commands due before it, and the rest with their times and
 * predecessors counted from the cut (a predecessor in the first part has its answer by then,
 * since the first part runs to its end first; a warm-up command that failed leaves its follower to
 * answer for itself).
 */
export const splitSchedule = (schedule: readonly OfferedCommand[], atMs: number) => {
  const cut = schedule.findIndex((c) => c.at >= atMs);
  const at = cut === -1 ? schedule.length : cut;
  return {
    warmUp: schedule.slice(0, at),
    measured: schedule.slice(at).map(({ after, ...command }) => ({
      ...command,
      at: command.at - atMs,
      ...(after !== undefined && after >= at ? { after: after - at } : {}),
    })),
  };
};

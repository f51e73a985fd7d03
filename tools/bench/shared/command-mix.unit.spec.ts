import { describe, expect, it } from 'vitest';
import {
  buildCommandMix,
  coprimeStep,
  countKinds,
  HISTORY_WEIGHTS,
  splitSchedule,
} from './command-mix';

const students = Array.from({ length: 40 }, (_, i) => ({
  token: `t${String(i)}`,
  userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
}));
const opportunities = Array.from({ length: 30 }, (_, i) => `opp-${String(i)}`);
const held = Array.from({ length: 5 }, (_, i) => ({
  id: `held-${String(i)}`,
  signed: students.slice(0, 3),
}));

const mix = () =>
  buildCommandMix({
    rate: 100,
    durationMs: 10_000,
    weights: {
      signup: 60,
      unregister: 15,
      'friend request': 12,
      'friend accept': 10,
      attendance: 3,
    },
    students,
    opportunities,
    held,
    host: students[0],
    probes: true,
    followAfterMs: 2_000,
  });

const bodyOf = (body: string | undefined) => JSON.parse(body ?? '{}') as Record<string, unknown>;

describe('the command mix', () => {
  it('offers rate × duration commands, evenly spaced', () => {
    const commands = mix();
    expect(commands).toHaveLength(1_000);
    expect(commands[1]?.at).toBe(10);
    expect(commands.at(-1)?.at).toBe(9_990);
  });

  it('withdraws only a signup made at least the follow time earlier, and names it', () => {
    const commands = mix();
    const withdrawals = commands.filter((c) => c.kind === 'unregister');
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const w of withdrawals) {
      const signup = commands[w.after ?? -1];
      expect(signup?.kind).toBe('signup');
      expect(bodyOf(signup?.request.body)).toEqual(bodyOf(w.request.body));
      expect(w.at - (signup?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
    }
  });

  it('signs each pair up once and asks each friendship once', () => {
    const commands = mix();
    const signups = commands.filter((c) => c.kind === 'signup').map((c) => c.request.body);
    expect(new Set(signups).size).toBe(signups.length);
    const requests = commands.filter((c) => c.kind === 'friend request');
    const pairs = requests.map((c) => {
      const to = bodyOf(c.request.body)['receiver_id'] as string;
      const from = c.request.path.split('/')[3] ?? '';
      return [from, to].sort().join();
    });
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.every((p) => p.split(',')[0] !== p.split(',')[1])).toBe(true);
  });

  it('accepts a request as its recipient, after it', () => {
    const commands = mix();
    for (const accept of commands.filter((c) => c.kind === 'friend accept')) {
      const request = commands[accept.after ?? -1];
      expect(request?.kind).toBe('friend request');
      const to = bodyOf(request?.request.body)['receiver_id'] as string;
      const recipient = students.find((s) => s.userId === to);
      expect(accept.request.headers?.['authorization']).toBe(`Bearer ${recipient?.token ?? ''}`);
      expect(accept.at).toBeGreaterThan(request?.at ?? Infinity);
    }
  });

  it('marks each held opportunity once, as the host, and reads the board after it', () => {
    const commands = mix();
    const marks = commands.filter((c) => c.kind === 'attendance');
    expect(countKinds(commands)['attendance']).toBe(marks.length);
    const ids = marks.map((c) => bodyOf(c.request.body)['opportunity_id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(held.length);
    for (const m of marks) {
      expect(m.request.headers?.['authorization']).toBe('Bearer t0');
      expect(m.probe?.path).toContain('/api/leaderboard');
    }
  });

  it('walks every residue with a coprime step', () => {
    const n = 12;
    const step = coprimeStep(n, 8);
    const seen = new Set(Array.from({ length: n }, (_, i) => (i * step) % n));
    expect(seen.size).toBe(n);
  });

  it('cuts a schedule in two, the second part timed and chained from the cut', () => {
    const schedule = buildCommandMix({
      rate: 100,
      durationMs: 10_000,
      weights: { ...HISTORY_WEIGHTS },
      students,
      opportunities,
      probes: true,
      followAfterMs: 500,
    });
    const { warmUp, measured } = splitSchedule(schedule, 4_000);
    expect(warmUp.length + measured.length).toBe(schedule.length);
    expect(warmUp.every((c) => c.at < 4_000)).toBe(true);
    expect(measured[0]?.at).toBe(0);
    for (const [i, command] of measured.entries()) {
      const original = schedule[warmUp.length + i];
      expect(command.request).toBe(original?.request);
      if (command.after !== undefined) {
        expect(measured[command.after]?.request).toBe(schedule[original?.after ?? -1]?.request);
      } else if (original?.after !== undefined) {
        expect(original.after).toBeLessThan(warmUp.length);
      }
    }
    expect(measured.some((c) => c.after !== undefined)).toBe(true);
  });
});

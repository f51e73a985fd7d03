import { CONSISTENCY_STATUS_HEADER, CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import {
  buildCommandMix,
  countKinds,
  HISTORY_WEIGHTS,
  splitSchedule,
  type MixKind,
} from './shared/command-mix';
import { benchEnv, phaseMs, scaled } from './shared/config';
import { driveOpenLoop } from './shared/drive';
import { WINDOW_MS, type Spread } from './shared/open-loop';
import { seedPastOpportunities, SEED_CLOCK_OFFSET_MS } from './shared/past-opportunities';
import { startCpuMeasurement } from './shared/proc-cpu';
import { fmt, ms, type BenchModule } from './shared/report';
import { BENCH_ADMIN_EMAIL, startBenchStack } from './shared/stack';

const RATE = 300;
/** The client's connections: a command due while this many wait for answers is sent late. */
const MAX_IN_FLIGHT = 256;
/** The history's shares, with attendance at about 1 % (3 a second) so the boards move all along. */
const WEIGHTS: Readonly<Record<MixKind, number>> = { ...HISTORY_WEIGHTS, attendance: 1 };
const ATTENDEES = 8;
const STUDENTS = 1_000;
const OPPORTUNITIES = 300;

const spreadText = (s: Spread) => `p50 ${lagMs(s.p50)}, p99 ${lagMs(s.p99)}, max ${lagMs(s.max)}`;
/** An infinite lag is a command whose effect no read saw. */
const lagMs = (n: number) => (n === Number.POSITIVE_INFINITY ? 'never seen' : ms(n));

/**
 * 5. Projection lag under 300 commands/s of the product's mix offered on an open-loop schedule
 * (signups, withdrawals, friend requests and acceptances, attendance marked by the host, which
 * awards points and moves the boards): for every offered command, how late it was sent plus the
 * time from its answer until the query service answers a read that shows its effect, asked with
 * its consistency token. Beside the same reads without a token.
 */
export const lagBench: BenchModule = {
  name: 'lag',
  title: 'Projection lag',
  async run() {
    const stack = await startBenchStack('lag');
    try {
      const durationMs = phaseMs(12 * benchEnv.BENCH_SECONDS);
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const host = await stack.registerUser('lag-host@university.edu');
      // Enough students and opportunities for every signup and friend request to be a new pair,
      // at a campus's proportions: over the run a student signs up for about 12 opportunities and
      // an opportunity gathers about 40 participants (the demo campus: 300 students, 80).
      const students = await stack.registerUsers('lag', scaled(STUDENTS, 200));
      const opportunities = await stack.createOpportunities(admin, scaled(OPPORTUNITIES, 30), {
        totalSlots: 1_000,
      });
      const warmUpMs = phaseMs(2 * benchEnv.BENCH_SECONDS);
      const totalWeight = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
      const offered = Math.floor((RATE * (warmUpMs + durationMs)) / 1_000);
      // The seeding command service must find the host and the students it acts for.
      await stack.caughtUp();
      const seeder = await stack.startShiftedCommandService(SEED_CLOCK_OFFSET_MS);
      const held = await seedPastOpportunities(seeder.url, {
        admin,
        host,
        students,
        count: Math.ceil(((offered * WEIGHTS.attendance) / totalWeight) * 1.3) + 2,
        participants: ATTENDEES,
        label: 'lag',
      });
      await seeder.stop();
      // One schedule: its first `warmUpMs` warm the services up (connections, statement plans,
      // compiled code; a service just started answers its first seconds far slower) and are
      // reported apart; the measured phase is the rest, every command of it counted.
      const schedule = buildCommandMix({
        rate: RATE,
        durationMs: warmUpMs + durationMs,
        weights: WEIGHTS,
        students,
        opportunities,
        held,
        host,
        probes: true,
      });
      const { warmUp, measured: commands } = splitSchedule(schedule, warmUpMs);
      await stack.caughtUp();
      await stack.db.pool.query('ANALYZE');
      const warm = await driveOpenLoop({
        kind: 'open-loop',
        commandUrl: stack.commandUrl,
        queryUrl: stack.queryUrl,
        commands: warmUp,
        maxInFlight: MAX_IN_FLIGHT,
        drainMs: durationMs,
        tokenHeader: CONSISTENCY_TOKEN_HEADER,
        statusHeader: CONSISTENCY_STATUS_HEADER,
      });
      await stack.caughtUp();
      const cpu = await startCpuMeasurement(await stack.cpuGroups());
      const result = await driveOpenLoop({
        kind: 'open-loop',
        commandUrl: stack.commandUrl,
        queryUrl: stack.queryUrl,
        commands,
        maxInFlight: MAX_IN_FLIGHT,
        drainMs: durationMs,
        tokenHeader: CONSISTENCY_TOKEN_HEADER,
        statusHeader: CONSISTENCY_STATUS_HEADER,
        // The same reads without a token afterwards: what a read costs when nothing is pending.
        probesAlone: commands.slice(0, 300).flatMap((c) => (c.probe ? [c.probe] : [])),
      });
      await stack.caughtUp();
      const cpuMs = await cpu.stop();
      const s = result.summary;
      const cpuTotal = Object.values(cpuMs).reduce((a, b) => a + b, 0);
      const cpuSplit = Object.entries(cpuMs)
        .map(([name, v]) => `${name} ${fmt(v / Math.max(1, s.ok), 2)}`)
        .join(', ');
      const seconds = Math.round(durationMs / 1_000);
      const failed = Object.entries(s.failedByStatus)
        .map(([status, n]) => `${status}: ${fmt(n)}`)
        .join(', ');
      const kinds = Object.entries(s.byKind)
        .map(
          ([kind, k]) =>
            `${kind} ${fmt(k.offered)} offered, ${fmt(k.ok)} 2xx, lag p50 ${lagMs(k.lag.p50)} p99 ${lagMs(k.lag.p99)}`,
        )
        .join('; ');
      console.log(`  lag: ${JSON.stringify({ ...s, cpuMs })}`);
      const alone = result.probeAlone;
      return {
        rows: [
          {
            measurement: `append commit → visible through the query service: every command of ${fmt(RATE)} commands/s offered for ${String(seconds)} s of the product's mix (signups, withdrawals, friend requests and acceptances, attendance), open loop, after ${String(Math.round(warmUpMs / 1_000))} s of the same as a warm-up (in the notes); lag = (sent − scheduled) + (read with the token answered − command answered)`,
            result: `${spreadText(s.lag)} over ${fmt(s.offered)} offered (${fmt(s.sentLate)} sent late, ${fmt(s.notVisible)} never seen); ${fmt(s.answeredPerSecond)} commands/s answered 2xx`,
            baseline: alone
              ? `the same reads without a token, after the run: p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)} (${fmt(alone.answered)} of ${fmt(alone.asked)} answered within 10 s)`
              : 'n/a',
            target: `p99 < 100 ms at ${fmt(RATE)} commands/s of the mix`,
            met: s.lag.p99 < 100,
          },
          {
            measurement: `the mix's commands themselves (sent → answered), same run`,
            result: `p50 ${ms(s.command.p50)}, p99 ${ms(s.command.p99)}, max ${ms(s.command.max)}; from their scheduled time p99 ${ms(s.commandFromSchedule.p99)}`,
            baseline: `CPU per command over the run and its catch-up: ${fmt(cpuTotal / Math.max(1, s.ok), 2)} ms (${cpuSplit})`,
            target: '',
            met: null,
          },
        ],
        notes: [
          `${fmt(s.offered)} commands offered at ${fmt(RATE)}/s (${JSON.stringify(countKinds(commands))}), ${fmt(s.sent)} sent, ${fmt(s.sentLate)} of them more than 10 ms after their time (late by p50 ${ms(s.lateBy.p50)}, p99 ${ms(s.lateBy.p99)}; held by ${JSON.stringify(s.lateFor)}: at most ${String(MAX_IN_FLIGHT)} in flight, a withdrawal or acceptance waits for its signup or request, and 'driver timer' is the load driver's own timer running late on the busy machine), ${fmt(s.ok)} answered 2xx, not 2xx by status: ${failed || 'none'}; ${fmt(s.stale)} reads gave up waiting (2 s); reads not answered 2xx, by status: ${JSON.stringify(s.readFailures)}.`,
          `By kind: ${kinds}.`,
          `Before the measured phase, ${String(Math.round(warmUpMs / 1_000))} s of the same mix at the same rate warmed the stack up (${fmt(warm.summary.offered)} offered, ${fmt(warm.summary.ok)} answered 2xx, ${fmt(warm.summary.notVisible)} never seen): lag p50 ${lagMs(warm.summary.lag.p50)}, p99 ${lagMs(warm.summary.lag.p99)}, max ${lagMs(warm.summary.lag.max)}; not in the figures above.`,
          `By ${String(WINDOW_MS / 1_000)}-second window of scheduled time, lag p50 / p99 / max: ${s.byWindow.map((w) => `${lagMs(w.p50)} / ${lagMs(w.p99)} / ${lagMs(w.max)}`).join('; ')}.`,
          `Lag counts every offered command: a command sent late carries its delay, and one whose effect no read saw (not 2xx, never sent, or the read gave up) counts as infinite, so it can only raise a percentile. The reads: the opportunity's page (GET /api/opps/:id/full, its participants and whether the student is registered) for signups and withdrawals, the recipient's notifications for a request and friends for an acceptance, the leaderboard as an attendee sees it for attendance (${String(ATTENDEES)} attendees each, on opportunities that started 36 hours ago, set up through a command service whose clock runs 48 hours back).`,
          `CPU (ms per 2xx command, from /proc over the run until the read model caught up): ${cpuSplit}; Postgres is the whole cluster (other databases' backends too), the load driver is not counted.`,
        ],
        raw: { summary: s, cpuMs, probeAlone: alone, kinds: countKinds(commands) },
      };
    } finally {
      await stack.stop();
    }
  },
};

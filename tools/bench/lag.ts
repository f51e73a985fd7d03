import { CONSISTENCY_STATUS_HEADER, CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import { phaseMs, scaled } from './shared/config';
import { drive } from './shared/drive';
import type { DriverRequest } from './shared/load-driver';
import { fmt, ms, type BenchModule } from './shared/report';
import { BENCH_ADMIN_EMAIL, startBenchStack } from './shared/stack';

const RATE = 500;

/**
 * 5. Projection lag under a steady 500 commands/s (signups and unregistrations) for 60 s: from a
 * command's answer (its append committed) until the query service answers a read carrying its
 * consistency token, which waits until the projections' visible checkpoint has passed it. Beside
 * the same read without a token (the read's own cost).
 */
export const lagBench: BenchModule = {
  name: 'lag',
  title: 'Projection lag',
  async run() {
    const stack = await startBenchStack('lag');
    try {
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const students = await stack.registerUsers('lag', scaled(200, 20));
      const opportunities = await stack.createOpportunities(admin, scaled(100, 10), {
        totalSlots: 1_000,
      });
      // Every signup first, then the unregistrations, so no pair's two commands race each other.
      const signups: DriverRequest[] = [];
      const unregistrations: DriverRequest[] = [];
      for (const opportunityId of opportunities) {
        for (const student of students) {
          const request = (path: string): DriverRequest => ({
            method: 'POST',
            path,
            headers: {
              authorization: `Bearer ${student.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ user_id: student.userId, opportunity_id: opportunityId }),
          });
          signups.push(request('/api/register-opp'));
          unregistrations.push(request('/api/unregister-opp'));
        }
      }
      const commands = [...signups, ...unregistrations];
      await stack.caughtUp();
      const durationMs = phaseMs(60);
      const probeOpportunity = opportunities[0] ?? '';
      const result = await drive({
        kind: 'lag',
        commandUrl: stack.commandUrl,
        queryUrl: stack.queryUrl,
        rate: RATE,
        durationMs,
        commands,
        probe: `/api/opps/${probeOpportunity}/is-full`,
        tokenHeader: CONSISTENCY_TOKEN_HEADER,
        statusHeader: CONSISTENCY_STATUS_HEADER,
        maxInFlight: 64,
      });
      console.log(`  lag: ${JSON.stringify(result)}`);
      return {
        rows: [
          {
            measurement: `append commit → visible through the query service, ${fmt(RATE)} commands/s offered for ${String(Math.round(durationMs / 1_000))} s`,
            result: `p50 ${ms(result.lag.p50)}, p99 ${ms(result.lag.p99)} (${fmt(result.perSecond)} commands/s answered)`,
            baseline: `the same read without a token: p50 ${ms(result.probeAlone.p50)}, p99 ${ms(result.probeAlone.p99)}`,
            target: 'p99 < 100 ms',
            met: result.lag.p99 < 100,
          },
        ],
        notes: [
          `${fmt(result.sent)} commands sent (${fmt(result.skipped)} skipped while 64 were in flight), ${fmt(result.ok)} accepted, ${fmt(result.failed)} refused or failed, ${fmt(result.stale)} reads gave up waiting (2 s);`,
          `the commands themselves took p50 ${ms(result.command.p50)}, p99 ${ms(result.command.p99)}. Lag is measured from the command's answer to the read's answer, so it includes one read round trip.`,
        ],
        raw: { result },
      };
    } finally {
      await stack.stop();
    }
  },
};

import { phaseMs, scaled } from './shared/config';
import { drive } from './shared/drive';
import type { DriverRequest } from './shared/load-driver';
import { fmt, ms, type BenchModule } from './shared/report';
import { BENCH_ADMIN_EMAIL, startBenchStack, type Account } from './shared/stack';

const CONNECTIONS = 32;

const signupRequest = (path: string, account: Account, opportunityId: string): DriverRequest => ({
  method: 'POST',
  path,
  headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ user_id: account.userId, opportunity_id: opportunityId }),
});

/**
 * 3. Commands over HTTP with auth: each connection signs a student up for an opportunity
 * (POST /api/register-opp) and unregisters them again (POST /api/unregister-opp), a different
 * pair each time; beside the same server's GET /healthz at the same concurrency (the HTTP floor).
 */
export const commandsBench: BenchModule = {
  name: 'commands',
  title: 'Commands over HTTP',
  async run() {
    const stack = await startBenchStack('commands');
    try {
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const students = await stack.registerUsers('cmd', scaled(200, 20));
      const opportunities = await stack.createOpportunities(admin, scaled(100, 10), {
        totalSlots: 1_000,
      });
      const scripts: DriverRequest[][] = [];
      for (const opportunityId of opportunities) {
        for (const student of students) {
          scripts.push([
            signupRequest('/api/register-opp', student, opportunityId),
            signupRequest('/api/unregister-opp', student, opportunityId),
          ]);
        }
      }
      // Interleave students, so consecutive scripts touch different users and opportunities.
      scripts.sort(() => Math.random() - 0.5);
      await stack.caughtUp();
      const floor = await drive({
        kind: 'load',
        url: stack.commandUrl,
        connections: CONNECTIONS,
        durationMs: phaseMs(5),
        scripts: [[{ method: 'GET', path: '/healthz' }]],
      });
      const result = await drive({
        kind: 'load',
        url: stack.commandUrl,
        connections: CONNECTIONS,
        durationMs: phaseMs(10),
        scripts,
      });
      console.log(
        `  commands: ${fmt(result.perSecond)}/s p50 ${ms(result.p50)} p99 ${ms(result.p99)}; statuses ${JSON.stringify(result.statuses)}`,
      );
      return {
        rows: [
          {
            measurement: `POST /api/register-opp + /api/unregister-opp, ${String(CONNECTIONS)} connections, authenticated`,
            result: `${fmt(result.perSecond)} commands/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`,
            baseline: `GET /healthz on the same server ${fmt(floor.perSecond)}/s, p99 ${ms(floor.p99)}`,
            target: '≥ 2,000/s, p99 < 30 ms',
            met: result.perSecond >= 2_000 && result.p99 < 30,
          },
        ],
        notes: [
          `${fmt(result.ok)} commands answered 2xx, ${fmt(result.non2xx)} other statuses (${JSON.stringify(result.statuses)}), ${fmt(result.errors)} connection errors;`,
          `${String(students.length)} students × ${String(opportunities.length)} opportunities; load from autocannon in a separate process.`,
        ],
        raw: { floor, result, students: students.length, opportunities: opportunities.length },
      };
    } finally {
      await stack.stop();
    }
  },
};

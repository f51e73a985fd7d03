import { phaseMs, scaled } from './shared/config';
import { drive } from './shared/drive';
import type { DriverRequest } from './shared/driver-request';
import { startCpuMeasurement } from './shared/proc-cpu';
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
      // 200 at every scale: the per-user command limit (30 a second) must stay out of the way.
      const students = await stack.registerUsers('cmd', 200);
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
      // CPU from the phase's start until the read model has caught up with its commands, so the
      // projection of every command answered in the phase is counted.
      const cpu = await startCpuMeasurement(await stack.cpuGroups());
      const result = await drive({
        kind: 'load',
        url: stack.commandUrl,
        connections: CONNECTIONS,
        durationMs: phaseMs(10),
        scripts,
      });
      const phaseEnded = performance.now();
      await stack.caughtUp();
      const catchUpMs = performance.now() - phaseEnded;
      const cpuMs = await cpu.stop();
      // Per command accepted (2xx): refused ones (409, 429) cost CPU too and stay in the total.
      const commands = result.ok;
      const perCommand = (v: number) => v / Math.max(1, commands);
      const cpuTotal = perCommand(Object.values(cpuMs).reduce((a, b) => a + b, 0));
      const split = Object.entries(cpuMs)
        .map(([name, v]) => `${name} ${fmt(perCommand(v), 2)}`)
        .join(', ');
      const ofFloor = result.perSecond / floor.perSecond;
      console.log(
        `  commands: ${fmt(result.perSecond)}/s p50 ${ms(result.p50)} p99 ${ms(result.p99)}; statuses ${JSON.stringify(result.statuses)}`,
      );
      return {
        rows: [
          {
            measurement: `POST /api/register-opp + /api/unregister-opp, ${String(CONNECTIONS)} connections, authenticated`,
            result: `${fmt(result.perSecond)} commands/s (${fmt(ofFloor, 2)} of /healthz), p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`,
            baseline: `GET /healthz on the same server ${fmt(floor.perSecond)}/s, p99 ${ms(floor.p99)}`,
            target: '≥ 0.50 of /healthz’s rate, p99 ≤ 2 × /healthz’s p99',
            met: ofFloor >= 0.5 && result.p99 <= 2 * floor.p99,
          },
          {
            measurement:
              'CPU per command over every process of the path (command service, projection worker, query service, Postgres cluster, Redis), from the phase’s start until the read model caught up',
            result: `${fmt(cpuTotal, 2)} ms per command`,
            baseline: `ms per command: ${split}`,
            target: '≤ 1.0 ms',
            met: cpuTotal <= 1,
          },
        ],
        notes: [
          `${fmt(result.ok)} commands answered 2xx, ${fmt(result.non2xx)} other statuses (${JSON.stringify(result.statuses)}), ${fmt(result.errors)} connection errors;`,
          `${String(students.length)} students × ${String(opportunities.length)} opportunities; load from autocannon in a separate process.`,
          `CPU: utime + stime from /proc/<pid>/stat before the phase and once the read model's visible position had reached the log's head after it (${ms(catchUpMs)} after the phase ended; polled every 100 ms), divided by the ${fmt(commands)} commands answered 2xx (the CPU of refused ones stays in the total): each service's process group, the whole Postgres cluster (the postmaster, every backend of every database on it, so other users' work on this shared server counts too, and backends that exited meanwhile through the postmaster's waited-for children) and the Redis server (shared too); the load driver and the bench process are not counted.`,
        ],
        raw: {
          floor,
          result,
          cpuMs,
          catchUpMs,
          students: students.length,
          opportunities: opportunities.length,
        },
      };
    } finally {
      await stack.stop();
    }
  },
};

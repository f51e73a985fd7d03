import { percentile } from './shared/measure';
import { fmt, ms, type BenchModule } from './shared/report';
import { BENCH_ADMIN_EMAIL, startBenchStack, type BenchStack, type Account } from './shared/stack';
import { scaled } from './shared/config';

const SLOTS = 10;

type Outcome = { status: number; ms: number; type: string | null };

const signUpAll = (
  stack: BenchStack,
  students: readonly Account[],
  opportunityOf: (i: number) => string,
) =>
  Promise.all(
    students.map(async (student, i): Promise<Outcome> => {
      const started = performance.now();
      const answer = await stack.send('POST', '/api/register-opp', student.token, {
        user_id: student.userId,
        opportunity_id: opportunityOf(i),
      });
      const type =
        answer.body && typeof answer.body === 'object' && 'type' in answer.body
          ? String(answer.body.type)
          : null;
      return { status: answer.status, ms: performance.now() - started, type };
    }),
  );

/**
 * 6. Contention: 500 students sign up at once for one opportunity with 10 slots: exactly 10 must be
 * accepted and every other answered "full" (409), none left unanswered or failed; beside the same
 * 500 signups spread over many opportunities with room for all.
 */
export const contentionBench: BenchModule = {
  name: 'contention',
  title: 'Contention on one opportunity',
  async run() {
    const stack = await startBenchStack('contention');
    try {
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const count = scaled(500, 50);
      const students = await stack.registerUsers('rush', count);
      const [hot] = await stack.createOpportunities(admin, 1, { totalSlots: SLOTS });
      const spread = await stack.createOpportunities(admin, Math.max(1, Math.round(count / 5)), {
        totalSlots: 100,
      });
      await stack.caughtUp();
      const started = performance.now();
      const outcomes = await signUpAll(stack, students, () => hot ?? '');
      const wall = performance.now() - started;
      const accepted = outcomes.filter((o) => o.status < 300).length;
      const full = outcomes.filter((o) => o.status === 409).length;
      const other = outcomes.length - accepted - full;
      const p99 = percentile(
        outcomes.map((o) => o.ms),
        99,
      );
      const p50 = percentile(
        outcomes.map((o) => o.ms),
        50,
      );
      // Baseline: a fresh set of the same students' signups, five per opportunity.
      const baselineOutcomes = await signUpAll(
        stack,
        students,
        (i) => spread[i % spread.length] ?? '',
      );
      const baseP99 = percentile(
        baselineOutcomes.map((o) => o.ms),
        99,
      );
      const baseOk = baselineOutcomes.filter((o) => o.status < 300).length;
      const statuses: Record<string, number> = {};
      for (const o of outcomes) statuses[String(o.status)] = (statuses[String(o.status)] ?? 0) + 1;
      console.log(`  contention: ${JSON.stringify(statuses)} p99 ${ms(p99)}`);
      return {
        rows: [
          {
            measurement: `${fmt(count)} concurrent signups for one opportunity with ${String(SLOTS)} slots`,
            result: `${String(accepted)} accepted, ${fmt(full)} refused as full, ${String(other)} other; p50 ${ms(p50)}, p99 ${ms(p99)} (all answered in ${ms(wall)})`,
            baseline: `${fmt(count)} concurrent signups over ${String(spread.length)} opportunities: ${fmt(baseOk)} accepted, p99 ${ms(baseP99)}`,
            target: `exactly ${String(SLOTS)} accepted, the rest full`,
            met: accepted === SLOTS && full === count - SLOTS,
          },
        ],
        notes: [`Answers on the hot opportunity by status: ${JSON.stringify(statuses)}.`],
        raw: { statuses, accepted, full, other, p50, p99, wall, baseP99, baseOk },
      };
    } finally {
      await stack.stop();
    }
  },
};

import { createEventStore, createLogger, createPersonalDataVault } from '@campus/infra';
import { replayProjections, type ReplayProgress } from '@campus/projection-worker';
import { scaled } from './shared/config';
import { seedHistory } from './shared/history';
import { fmt, type BenchModule } from './shared/report';
import { createBenchDatabase, createBenchRedis } from './shared/resources';

const RAW_BATCH = 5_000;

/**
 * 2. Projection rebuild: a generated history of 1,000,000 events for 30,000 students and 3,000
 * opportunities replayed (the operator's replay of 'all': shadow schema, boards, swap) into the
 * full read model and the Redis boards; beside a raw multi-row upsert floor of as many rows.
 */
export const replayBench: BenchModule = {
  name: 'replay',
  title: 'Projection rebuild',
  async run() {
    const db = await createBenchDatabase('replay', { poolMax: 10 });
    const boards = await createBenchRedis('replay');
    const logger = createLogger('bench', 'warn');
    try {
      const seedStarted = performance.now();
      const history = await seedHistory(db.pool, {
        events: scaled(1_000_000, 1_000),
        students: scaled(30_000, 50),
        opportunities: scaled(3_000, 10),
        organizations: scaled(300, 10),
      });
      const seedSeconds = (performance.now() - seedStarted) / 1_000;
      console.log(`  seeded ${fmt(history.events)} events in ${seedSeconds.toFixed(1)} s`);

      // The floor: as many rows upserted into a plain table, 5,000 rows a statement.
      await db.pool.query(`CREATE TABLE public.raw_upsert (opportunity_id uuid, user_id uuid,
        signed_up_at timestamptz, registered boolean, attended boolean,
        PRIMARY KEY (opportunity_id, user_id))`);
      const rawStarted = performance.now();
      const opportunities = history.opportunities;
      const students = history.students;
      for (let done = 0; done < history.events; done += RAW_BATCH) {
        const n = Math.min(RAW_BATCH, history.events - done);
        const o: string[] = [];
        const u: string[] = [];
        for (let i = 0; i < n; i++) {
          const k = done + i;
          o.push(opportunities[k % opportunities.length] as string);
          u.push(students[Math.floor(k / opportunities.length) % students.length] as string);
        }
        await db.pool.query(
          `INSERT INTO public.raw_upsert AS r (opportunity_id, user_id, signed_up_at, registered, attended)
           SELECT o, u, now(), true, null FROM unnest($1::uuid[], $2::uuid[]) AS t(o, u)
           ON CONFLICT (opportunity_id, user_id) DO UPDATE SET registered = NOT r.registered,
             signed_up_at = EXCLUDED.signed_up_at`,
          [o, u],
        );
      }
      const rawRate = history.events / ((performance.now() - rawStarted) / 1_000);
      console.log(`  raw upsert floor ${fmt(rawRate)} rows/s`);

      const store = await createEventStore({ pool: db.pool });
      const vault = createPersonalDataVault(db.pool);
      const phases: Record<string, number> = {};
      let phase = '';
      let phaseStarted = performance.now();
      let lastLog = 0;
      const onProgress = (p: ReplayProgress) => {
        if (p.phase !== phase) {
          if (phase) phases[phase] = (performance.now() - phaseStarted) / 1_000;
          phase = p.phase;
          phaseStarted = performance.now();
        }
        if (performance.now() - lastLog > 5_000) {
          lastLog = performance.now();
          console.log(`  replay ${p.phase}: ${fmt(p.events)} events, ${fmt(p.eventsPerSecond)}/s`);
        }
      };
      const result = await replayProjections({
        store,
        pool: db.pool,
        vault,
        logger,
        redis: boards.redis,
        keyPrefix: boards.prefix,
        requested: 'all',
        onProgress,
      });
      const rate = result.events / (result.durationMs / 1_000);
      const checks = await db.pool.query<{
        users: string;
        ledger: string;
        dead: string;
        signups: string;
        log_bytes: string;
      }>(
        `SELECT (SELECT count(*) FROM read.users) AS users,
                (SELECT count(*) FROM read.point_ledger) AS ledger,
                (SELECT count(*) FROM read.dead_letters) AS dead,
                (SELECT count(*) FROM read.signups) AS signups,
                pg_total_relation_size('es.events') AS log_bytes`,
      );
      const check = checks.rows[0];
      await store.close();
      const seconds = result.durationMs / 1_000;
      return {
        rows: [
          {
            measurement: `replay of ${fmt(result.events)} events into the read model and boards`,
            result: `${fmt(rate)} events/s (${seconds.toFixed(1)} s)`,
            baseline: `raw multi-row upsert floor ${fmt(rawRate)} rows/s`,
            target: '≥ 60,000 events/s',
            met: rate >= 60_000,
          },
        ],
        notes: [
          `History: ${fmt(history.students.length)} students, ${fmt(history.opportunities.length)} opportunities,`,
          `${fmt(history.organizations.length)} organizations; ${Object.entries(history.byType)
            .map(([t, n]) => `${t} ${fmt(n)}`)
            .join(', ')}. Seeded in ${seedSeconds.toFixed(0)} s.`,
          `Replay phases: ${Object.entries(phases)
            .map(([p, s]) => `${p} ${s.toFixed(1)} s`)
            .join(', ')}; ${String(result.boards)} boards.`,
          `Read model after it: ${check?.users ?? '?'} users, ${check?.signups ?? '?'} signups,`,
          `${check?.ledger ?? '?'} ledger lines, ${check?.dead ?? '?'} dead letters; the log takes`,
          `${fmt(Number(check?.log_bytes ?? 0) / 2 ** 20)} MiB with its indexes.`,
        ],
        raw: {
          history: { events: history.events, byType: history.byType },
          seedSeconds,
          rawRate,
          rate,
          result,
          phases,
          check,
        },
      };
    } finally {
      await boards.drop();
      await db.drop();
    }
  },
};

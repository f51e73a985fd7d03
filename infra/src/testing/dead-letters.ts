import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Any dead letter a test did not create on purpose fails the run (docs/product-rules.md, "Input
 * and the read model"). Each test database is registered in a folder of this run; its dead letters
 * are read just before it is dropped (and at the end for those never dropped); the global
 * teardown reads the folder and fails on any dead letter no test declared with `expectDeadLetters`.
 */

/** The folder of the current vitest run, set by the global setup for the workers it starts. */
export const TEST_RUN_DIR_ENV = 'CAMPUS_TEST_RUN_DIR';
/** The pid of the vitest process that owns TEST_RUN_DIR_ENV (a nested run starts its own). */
const TEST_RUN_OWNER_ENV = 'CAMPUS_TEST_RUN_OWNER';

/** Where tests declare the dead letters they create on purpose (a schema no product code reads). */
const MARKS_TABLE = 'test_marks.expected_dead_letters';

type Queryable = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

export type DeadLetterFinding = {
  readonly projection: string;
  readonly eventType: string;
  readonly error: string;
  readonly expected: boolean;
};

export type DatabaseReport = {
  readonly database: string;
  readonly testFile: string | null;
  readonly deadLetters: readonly DeadLetterFinding[];
};

type Registration = { name: string; url: string; testFile: string | null };

const runDir = (): string | null => process.env[TEST_RUN_DIR_ENV] ?? null;

/** The test file running in this worker, for the report (vitest sets it; null elsewhere). */
const currentTestFile = (): string | null => {
  const state = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
  return state?.filepath ?? null;
};

/**
 * Declares that the tests of this database create dead letters on purpose (all of them, or those
 * of one projection or event type). Without it any dead letter fails the run.
 */
export const expectDeadLetters = async (
  db: Queryable,
  reason: string,
  match: { readonly projection?: string; readonly eventType?: string } = {},
) => {
  await db.query(
    `CREATE SCHEMA IF NOT EXISTS test_marks;
     CREATE TABLE IF NOT EXISTS ${MARKS_TABLE} (
       projection text, event_type text, reason text NOT NULL)`,
  );
  await db.query(
    `INSERT INTO ${MARKS_TABLE} (projection, event_type, reason) VALUES ($1, $2, $3)`,
    [match.projection ?? null, match.eventType ?? null, reason],
  );
};

/** Postgres error texts may quote the values they refused: the report keeps none of them. */
export const redactQuoted = (text: string): string =>
  text.replace(/"[^"]*"|'[^']*'/g, (q) => `${q.charAt(0)}…${q.charAt(0)}`).slice(0, 300);

/** The dead letters of one database, each marked expected when a test declared it. */
export const readDeadLetters = async (url: string): Promise<DeadLetterFinding[] | null> => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    // Dropped already (3D000), or its private server is gone: nothing left to read.
    const code = (error as { code?: string }).code;
    if (code === '3D000' || code === 'ECONNREFUSED') return null;
    throw error;
  }
  try {
    const { rows: tables } = await client.query<{ letters: string | null; marks: string | null }>(
      `SELECT to_regclass('read.dead_letters')::text AS letters,
              to_regclass('${MARKS_TABLE}')::text AS marks`,
    );
    if (!tables[0]?.letters) return [];
    const { rows } = await client.query<{ projection: string; event_type: string; error: string }>(
      `SELECT projection, event_type, error FROM read.dead_letters ORDER BY txn, seq, projection`,
    );
    const marks = tables[0].marks
      ? (
          await client.query<{ projection: string | null; event_type: string | null }>(
            `SELECT projection, event_type FROM ${MARKS_TABLE}`,
          )
        ).rows
      : [];
    return rows.map((r) => ({
      projection: r.projection,
      eventType: r.event_type,
      error: redactQuoted(r.error),
      expected: marks.some(
        (m) =>
          (m.projection === null || m.projection === r.projection) &&
          (m.event_type === null || m.event_type === r.event_type),
      ),
    }));
  } finally {
    await client.end();
  }
};

const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_');

/** Records a database of this run (no-op outside a vitest run with the global setup). */
export const registerTestDatabase = (name: string, url: string) => {
  const dir = runDir();
  if (!dir) return;
  const registration: Registration = { name, url, testFile: currentTestFile() };
  mkdirSync(join(dir, 'databases'), { recursive: true });
  writeFileSync(join(dir, 'databases', `${safeFileName(name)}.json`), JSON.stringify(registration));
};

/** Reads a database's dead letters before it is dropped, for the run's teardown. */
export const snapshotDeadLetters = async (name: string, url: string) => {
  const dir = runDir();
  if (!dir) return;
  const found = await readDeadLetters(url);
  if (found === null) return;
  mkdirSync(join(dir, 'snapshots'), { recursive: true });
  writeFileSync(join(dir, 'snapshots', `${safeFileName(name)}.json`), JSON.stringify(found));
};

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
};

/** Every database of a run with its dead letters (read now when it was not dropped). */
export const collectRunReports = async (dir: string): Promise<DatabaseReport[]> => {
  let files: string[] = [];
  try {
    files = readdirSync(join(dir, 'databases'));
  } catch {
    return [];
  }
  const reports: DatabaseReport[] = [];
  for (const file of files.sort()) {
    const registration = readJson(join(dir, 'databases', file)) as Registration | null;
    if (!registration) continue;
    const snapshot = readJson(join(dir, 'snapshots', file)) as DeadLetterFinding[] | null;
    const deadLetters = snapshot ?? (await readDeadLetters(registration.url)) ?? [];
    reports.push({ database: registration.name, testFile: registration.testFile, deadLetters });
  }
  return reports;
};

/** The run's failure message, or null when every dead letter was expected. */
export const describeUnexpected = (reports: readonly DatabaseReport[]): string | null => {
  const lines = reports.flatMap((r) =>
    r.deadLetters
      .filter((d) => !d.expected)
      .map(
        (d) =>
          `  ${r.database}${r.testFile ? ` (${r.testFile})` : ''}: projection ${d.projection}, ` +
          `event ${d.eventType}: ${d.error}`,
      ),
  );
  if (!lines.length) return null;
  return [
    `${String(lines.length)} dead letter(s) that no test created on purpose ` +
      `(a test that means to create them calls expectDeadLetters from @campus/infra/testing):`,
    ...lines,
  ].join('\n');
};

type Watch = { dir: string; users: number };
const WATCH = Symbol.for('campus.test.dead-letter-watch');
const globalWatch = globalThis as { [WATCH]?: Watch };

/**
 * Starts (or joins, for the next project of the same run) this run's registry. Several projects of
 * one vitest process share it; another vitest process, even a child of this one, starts its own.
 */
export const beginDeadLetterWatch = (): Watch => {
  const current = globalWatch[WATCH];
  if (current) {
    current.users += 1;
    return current;
  }
  const owned = process.env[TEST_RUN_OWNER_ENV] === String(process.pid) && runDir();
  const dir =
    owned ||
    join(tmpdir(), 'campus-test-runs', `${String(process.pid)}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  process.env[TEST_RUN_DIR_ENV] = dir;
  process.env[TEST_RUN_OWNER_ENV] = String(process.pid);
  const watch = { dir, users: 1 };
  globalWatch[WATCH] = watch;
  return watch;
};

/**
 * The last project of the run to finish checks every database of the run once; throws the list
 * of unexpected dead letters. Reads only: no database is dropped here.
 */
export const endDeadLetterWatch = async (watch: Watch) => {
  watch.users -= 1;
  if (watch.users > 0) return;
  Reflect.deleteProperty(globalWatch, WATCH);
  const reports = await collectRunReports(watch.dir);
  rmSync(watch.dir, { recursive: true, force: true });
  const message = describeUnexpected(reports);
  if (!message) return;
  // Vitest reports a teardown's error but still exits 0: the exit code must say it too.
  process.exitCode = 1;
  throw new Error(message);
};

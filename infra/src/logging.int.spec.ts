import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, createTestDatabase, type TestDatabase } from './testing';
import { describeError, scrubMessage, scrubStoredError } from './logging';

const MARKER = 'Zq7marker';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(`CREATE TABLE public.people (
    id integer PRIMARY KEY,
    email text UNIQUE,
    name varchar(12),
    bio text CHECK (position('${MARKER}' in bio) = 0)
  )`);
  await db.pool.query(`INSERT INTO public.people (id, email) VALUES (1, $1)`, [
    `${MARKER}@university.edu`,
  ]);
});

afterAll(async () => {
  await db.drop();
});

/** The error a statement fails with (every one here must fail). */
const failureOf = async (sql: string, params: unknown[]) => {
  const error: unknown = await db.pool.query(sql, params).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

/** Real Postgres errors whose message, detail, where or parameters carry the marker. */
const failures = () => [
  failureOf('INSERT INTO public.people (id, email) VALUES (2, $1)', [`${MARKER}@university.edu`]),
  failureOf('INSERT INTO public.people (id, bio) VALUES (3, $1)', [`about ${MARKER}`]),
  failureOf('SELECT $1::integer', [MARKER]),
  failureOf('INSERT INTO public.people (id, name) VALUES (4, $1)', [`${MARKER}${MARKER}`]),
  failureOf('SELECT $1::jsonb', [`{"name": "${MARKER}\\u0000"}`]),
  failureOf(`SELECT to_date($1, 'YYYY-MM-DD')`, [MARKER]),
  // Postgres does not escape a quote inside the value it quotes.
  failureOf('SELECT $1::date', [`x"${MARKER}"`]),
];

describe('safe error serializer', () => {
  it('logs real Postgres errors without the values they carry, keeping what names the failure', async () => {
    const errors = await Promise.all(failures());
    // The raw errors do carry the marker (so the assertion below can fail).
    expect(
      errors.some((e) =>
        JSON.stringify(Object.assign({}, e, { message: e.message })).includes(MARKER),
      ),
    ).toBe(true);
    const { lines, logger } = capturedLogger();
    for (const error of errors) {
      logger.error({ err: error, eventId: 'e1' }, 'batch failed');
      logger.warn(error);
      logger.warn({ err: error });
      logger.info({ nested: { error }, list: [error] }, 'nested');
      logger.error({ err: new Error('projection failed', { cause: error }) }, 'wrapped');
    }
    expect(lines).toHaveLength(errors.length * 5);
    for (const line of lines) expect(line).not.toContain(MARKER);

    const parsed = lines.map((l) => JSON.parse(l) as { err?: Record<string, unknown> });
    const unique = parsed[0]?.err;
    expect(unique).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      table: 'people',
      constraint: 'people_email_key',
      message: 'duplicate key value violates unique constraint "people_email_key"',
    });
    expect(unique).not.toHaveProperty('detail');
    expect(String(unique?.['stack'])).toMatch(/^DatabaseError: duplicate key value .*\n\s+at /);
    const check = parsed[5]?.err;
    expect(check).toMatchObject({ code: '23514', table: 'people', constraint: 'people_bio_check' });
    expect(parsed[10]?.err).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: …',
    });
    expect(parsed[30]?.err).toMatchObject({
      code: '22007',
      message: 'invalid input syntax for type date: …',
    });
    expect(parsed[15]?.err).toMatchObject({ code: '22001' });
    expect(parsed[4]?.err).toMatchObject({ type: 'Error', cause: { code: '23505' } });
  });

  it('stores one line per error without values', async () => {
    for (const error of await Promise.all(failures())) {
      const text = describeError(error);
      expect(text).not.toContain(MARKER);
      expect(text).toMatch(/^DatabaseError \[[0-9A-Z]{5}/);
    }
    const check = describeError(
      await failureOf('INSERT INTO public.people (id, bio) VALUES (5, $1)', [MARKER]),
    );
    expect(scrubStoredError(check)).toBe(
      'DatabaseError [23514, constraint people_bio_check, table people]: new row for relation "people" violates check constraint "people_bio_check"',
    );
    expect(scrubStoredError(`Error: bad ${MARKER}@university.edu "${MARKER}"`)).toBe(
      'Error: bad … "…"',
    );
    expect(describeError(await failureOf('SELECT 1 FROM no_such_table', []))).toContain(
      'relation "no_such_table" does not exist',
    );
  });

  it('scrubs messages written by code', () => {
    expect(scrubMessage(`Unexpected token 'x', "${MARKER}" is not valid JSON`)).toBe(
      `Unexpected token '…', "…" is not valid JSON`,
    );
    expect(scrubMessage(`Key (email)=(${MARKER}@x.edu) already exists.`)).toBe('Key (…)=(…)');
    expect(scrubMessage(`mail to ${MARKER}@university.edu refused`)).toBe('mail to … refused');
    expect(scrubMessage("Cannot read properties of undefined (reading 'name')")).toBe(
      "Cannot read properties of undefined (reading 'name')",
    );
  });

  it('logs a crash of a process through the same serializer and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'campus-crash-'));
    const script = join(dir, 'crash.ts');
    const logging = fileURLToPath(new URL('./logging.ts', import.meta.url));
    writeFileSync(
      script,
      `import { createLogger, logCrashes } from ${JSON.stringify(logging)};
       logCrashes(createLogger('crashing'));
       const error = Object.assign(new Error('boom'), { code: '23505', detail: '${MARKER}' });
       void Promise.reject(error);`,
    );
    try {
      const env = { ...process.env };
      delete env['VITEST'];
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('"msg":"crashed"');
      expect(run.stdout).toContain('"code":"23505"');
      expect(run.stdout + run.stderr).not.toContain(MARKER);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import {
  collectRunReports,
  describeUnexpected,
  expectDeadLetters,
  readDeadLetters,
  registerTestDatabase,
  TEST_RUN_DIR_ENV,
} from './dead-letters';

/** A dead letter as the projector records it, with a refused value quoted in the error. */
const insertDeadLetter = (db: TestDatabase, projection: string, eventType: string) =>
  db.pool.query(
    `INSERT INTO read.dead_letters (projection, event_id, stream_id, txn, seq, event_type, error,
        attempts)
     VALUES ($1, $2, 'organization-x', 1, 1, $3, $4, 3)`,
    [
      projection,
      randomUUID(),
      eventType,
      'error: invalid input syntax for type integer: "secret-42"',
    ],
  );

describe('the run fails on dead letters no test created on purpose', () => {
  let db: TestDatabase;
  let dir = '';
  let runDir: string | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'campus-dl-selftest-'));
  });
  afterAll(async () => {
    if (runDir === undefined) Reflect.deleteProperty(process.env, TEST_RUN_DIR_ENV);
    else process.env[TEST_RUN_DIR_ENV] = runDir;
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists an undeclared dead letter by database, projection, event type and error, values redacted', async () => {
    await insertDeadLetter(db, 'organizations', 'OrganizationCreated');
    // A registry of its own, so that this check does not see the other databases of the run.
    runDir = process.env[TEST_RUN_DIR_ENV];
    process.env[TEST_RUN_DIR_ENV] = dir;
    registerTestDatabase(db.name, db.url);
    const message = describeUnexpected(await collectRunReports(dir));
    expect(message).toContain('1 dead letter(s) that no test created on purpose');
    expect(message).toContain(db.name);
    expect(message).toContain('projection organizations, event OrganizationCreated');
    expect(message).toContain('invalid input syntax for type integer: "…"');
    expect(message).not.toContain('secret-42');
  });

  it('passes once a test declares them, and only those it declares', async () => {
    await expectDeadLetters(db.pool, 'self-test: only organizations', {
      projection: 'organizations',
    });
    expect(describeUnexpected(await collectRunReports(dir))).toBeNull();
    await insertDeadLetter(db, 'points', 'AttendanceMarked');
    const found = await readDeadLetters(db.url);
    expect(found?.map((d) => [d.projection, d.expected])).toEqual([
      ['organizations', true],
      ['points', false],
    ]);
    expect(describeUnexpected(await collectRunReports(dir))).toContain(
      'projection points, event AttendanceMarked',
    );
    // The run's own teardown reads this database too: everything in it is declared.
    await expectDeadLetters(db.pool, 'self-test: the points one as well', { projection: 'points' });
    expect(describeUnexpected(await collectRunReports(dir))).toBeNull();
  });
});

import type { TestProject } from 'vitest/node';
import { startToolingCommandService } from '@campus/tools/demo-data';
import { describeUnexpected, readDeadLetters } from '@campus/infra/testing';
import { resetAccessibilityResults, writeAccessibilityReport } from './axe';
import { startE2eStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eUrl: string;
    /** Where the stack's catch-all SMTP server keeps the mail it received. */
    e2eMailDir: string;
    /** The set-up's own command service over the stack's database, with a settable clock. */
    e2eToolingUrl: string;
  }
}

/**
 * Starts one stack (with the demo data) for all browser tests and hands its URL to them, beside a
 * tooling command service over the same database whose clock each request sets (how the set-up
 * reaches the past: docs/demo-data.md); at the end merges the accessibility results into
 * artifacts/axe-report.{json,md} and fails the run on any dead letter in the stack's database. `E2E_URL` points the tests at a stack that is already running
 * instead (while writing tests), with `E2E_DATABASE_URL` (or DATABASE_URL) naming its database.
 */
export default async function setup(project: TestProject) {
  resetAccessibilityResults();
  const reuse = process.env['E2E_URL'];
  const stack = reuse
    ? {
        url: reuse,
        databaseUrl:
          process.env['E2E_DATABASE_URL'] ??
          process.env['DATABASE_URL'] ??
          'postgres://postgres@127.0.0.1:5432/campus',
        mailDir: process.env['E2E_MAIL_DIR'] ?? process.env['MAIL_DIR'] ?? 'var/mail',
        stop: () => Promise.resolve(),
      }
    : await startE2eStack();
  const tooling = await startToolingCommandService({
    DATABASE_URL: stack.databaseUrl,
    ADMIN_EMAILS: 'admin@university.edu',
  }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  // Without the trailing slash start.sh prints, so `${url}/path` is never '//path' (an unknown route).
  project.provide('e2eUrl', stack.url.replace(/\/+$/, ''));
  project.provide('e2eToolingUrl', tooling.url);
  project.provide('e2eMailDir', stack.mailDir);
  return async () => {
    writeAccessibilityReport();
    await tooling.stop();
    // The stack's own database, read before it is dropped: the journeys must leave no dead letter.
    const deadLetters = reuse ? [] : await readDeadLetters(stack.databaseUrl).catch(() => null);
    await stack.stop();
    if (deadLetters === null)
      throw new Error('could not read the browser-test stack’s dead letters');
    const message = describeUnexpected([
      { database: 'browser-test stack', testFile: null, deadLetters },
    ]);
    if (message) {
      // Vitest reports a teardown's error but still exits 0: the exit code must say it too.
      process.exitCode = 1;
      throw new Error(message);
    }
  };
}

import { ensureTemplateDatabase } from './database';
import { beginDeadLetterWatch, endDeadLetterWatch } from './dead-letters';

/**
 * Vitest global setup: one migrated template database per set of migrations; at the end of the
 * run, every test database is checked for dead letters no test created on purpose.
 */
export default async function setup() {
  await ensureTemplateDatabase();
  const watch = beginDeadLetterWatch();
  return () => endDeadLetterWatch(watch);
}

import { ensureTemplateDatabase } from './database';

/** Vitest global setup: one migrated template database per set of migrations. */
export default async function setup() {
  await ensureTemplateDatabase();
}

import { z } from 'zod';
import { ensureDatabase, migrate } from './migrate';

const env = z
  .object({ DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/campus') })
  .parse(process.env);

await ensureDatabase(env.DATABASE_URL);
const applied: string[] = [];
await migrate(env.DATABASE_URL, (message) => {
  const match = /^### MIGRATION (\S+) \(UP\) ###$/.exec(message);
  if (match?.[1]) applied.push(match[1]);
});
console.log(
  applied.length ? `migrations applied: ${applied.join(', ')}` : 'migrations: up to date',
);

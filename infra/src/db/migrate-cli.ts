import { z } from 'zod';
import { ensureDatabase, migrate } from './migrate';

const env = z
  .object({ DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/campus') })
  .parse(process.env);

await ensureDatabase(env.DATABASE_URL);
await migrate(env.DATABASE_URL, (msg) => console.log(msg));
console.log('migrations: up to date');

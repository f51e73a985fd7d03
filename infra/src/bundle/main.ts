import { relative } from 'node:path';
import { buildServices, REPO_ROOT } from './services';

/** `npm run build:services`: the production bundles of every Node program (see services.ts). */
const started = Date.now();
const built = await buildServices();
for (const bundle of built) {
  const size = `${(bundle.bytes / 1024).toFixed(0)} KiB`;
  console.log(`${bundle.name.padEnd(18)} ${relative(REPO_ROOT, bundle.path).padEnd(36)} ${size}`);
}
console.log(`built ${String(built.length)} bundles in ${String(Date.now() - started)} ms`);

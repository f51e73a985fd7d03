import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = readFileSync(`${import.meta.dirname}/../../public/zod-config.js`, 'utf8');

describe('public/zod-config.js', () => {
  it('makes zod jitless before any schema is built, so it never probes eval under the CSP', () => {
    // A fresh process: zod reads the global the page's classic script sets before the app loads.
    const program = `${script}\nconst { z } = await import('zod');\nprocess.stdout.write(String(z.config().jitless));`;
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', program], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(printed).toBe('true');
  });
});

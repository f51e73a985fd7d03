import { z } from 'zod';
import { buildPath, routes } from '@campus/contracts';
import { emulatorIdToken } from '../src/auth/emulator-sign-in';

/**
 * Loads the demo campus through the command path (so every projection sees it), then prints the
 * accounts to sign in with. Idempotent: accounts that exist are left alone.
 */
const baseUrl = z.url().parse(process.argv[2] ?? 'http://127.0.0.1:8080');

const accounts = [
  { email: 'admin@university.edu', first_name: 'Avery', last_name: 'Admin', role: 'admin' },
  { email: 'host@university.edu', first_name: 'Harper', last_name: 'Host', role: 'host' },
  { email: 'student@university.edu', first_name: 'Sam', last_name: 'Student', role: 'student' },
] as const;

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const answer: unknown = await response.json();
  return answer;
};

for (const account of accounts) {
  const token = await emulatorIdToken(account.email);
  const { exists } = z
    .object({ exists: z.boolean() })
    .parse(
      await call('GET', buildPath(routes.checkUserExists.path, { address: account.email }), token),
    );
  if (!exists) {
    await call('POST', routes.registerUser.path, token, {
      first_name: account.first_name,
      last_name: account.last_name,
      phone: '5550100' + String(accounts.indexOf(account)).padStart(3, '0'),
      has_car: false,
      car_seats: 0,
    });
  }
}

console.log('Demo accounts (pick one in the sign-in dialog, or type any @university.edu address):');
for (const a of accounts) console.log(`  ${a.role.padEnd(8)} ${a.email}`);

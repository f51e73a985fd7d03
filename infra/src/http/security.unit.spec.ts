import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, serviceEnvSchema } from '../config/service-env';
import { DEFAULT_CORS_ORIGINS, securityEnvShape } from './security';

const schema = serviceEnvSchema.extend(securityEnvShape);

describe('security settings (CORS_ORIGIN, RATE_LIMIT_*)', () => {
  it("defaults to the gateway origin and the rules' rate limit", () => {
    const env = loadEnv(schema, {});
    expect(env.CORS_ORIGIN).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
    expect(DEFAULT_CORS_ORIGINS).toEqual(env.CORS_ORIGIN);
    // docs/product-rules.md: 30 commands a second per user, with a burst of 60.
    expect(env.RATE_LIMIT_COMMANDS).toBe(30);
    expect(env.RATE_LIMIT_WINDOW_SECONDS).toBe(1);
    expect(env.RATE_LIMIT_BURST).toBe(60);
  });

  it('reads a comma-separated list of origins and a limit', () => {
    const env = loadEnv(schema, {
      CORS_ORIGIN: 'https://volunteer.university.edu, https://admin.university.edu',
      RATE_LIMIT_COMMANDS: '30',
      RATE_LIMIT_WINDOW_SECONDS: '10',
      RATE_LIMIT_BURST: '45',
    });
    expect(env.CORS_ORIGIN).toEqual([
      'https://volunteer.university.edu',
      'https://admin.university.edu',
    ]);
    expect(env.RATE_LIMIT_COMMANDS).toBe(30);
    expect(env.RATE_LIMIT_WINDOW_SECONDS).toBe(10);
    expect(env.RATE_LIMIT_BURST).toBe(45);
  });

  it.each([
    ['CORS_ORIGIN', 'not an origin'],
    ['CORS_ORIGIN', ' , '],
    ['RATE_LIMIT_COMMANDS', '-1'],
    ['RATE_LIMIT_COMMANDS', 'many'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_BURST', '-5'],
  ])('refuses to start with %s=%j, naming the variable', (name, value) => {
    expect(() => loadEnv(schema, { [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv(schema, { [name]: value })).toThrow(name);
  });
});

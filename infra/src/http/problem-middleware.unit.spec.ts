import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { describe, expect, it } from 'vitest';
import { RedisDeadlineError } from '../redis/unavailable';
import { listen } from '../service-runner';
import { capturedLogger } from '../testing/captured-logger';
import { problemHandler } from './problem-middleware';

/** `app` on a free port of this machine, and its base URL. */
const serve = async (app: Express) => {
  const server = await listen(app, 0);
  return { server, base: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` };
};

const ADDRESS = 'grace.secret7@university.edu';

/** An error shaped as pg's DatabaseError: its detail quotes the row. */
const databaseError = () =>
  Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    constraint: 'users_email_key',
    table: 'users',
    detail: `Key (email)=(${ADDRESS}) already exists.`,
  });

describe('unhandled errors', () => {
  it('answers 500 and logs the route pattern and the error, not the address in the path', async () => {
    const { lines, logger } = capturedLogger();
    const app = express();
    app.get('/api/users/email/:address', () => {
      throw databaseError();
    });
    app.get('/elsewhere/{*rest}', () => {
      throw databaseError();
    });
    app.use('/before-routing', () => {
      throw databaseError();
    });
    app.use(problemHandler(logger));
    const { server, base } = await serve(app);
    try {
      const answer = await fetch(`${base}/api/users/email/${encodeURIComponent(ADDRESS)}`);
      expect(answer.status).toBe(500);
      expect(await answer.text()).not.toContain(ADDRESS);
      await fetch(`${base}/elsewhere/${encodeURIComponent(ADDRESS)}`);
      await fetch(`${base}/before-routing/${encodeURIComponent(ADDRESS)}/x?q=${ADDRESS}`);
    } finally {
      server.close();
    }

    expect(lines).toHaveLength(3);
    const [first, second, third] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({
      msg: 'unhandled error',
      method: 'GET',
      path: '/api/users/email/:address',
      err: { type: 'Error', code: '23505', constraint: 'users_email_key', table: 'users' },
    });
    expect(second).toMatchObject({ path: '/elsewhere/{*rest}' });
    expect(third).toMatchObject({ path: '/before-routing/…/x' });
    for (const line of lines) expect(line).not.toContain('grace.secret7');
  });
});

describe('Redis away', () => {
  it('answers 503 with Retry-After when a job queue call gave up on Redis, and logs nothing', async () => {
    const { lines, logger } = capturedLogger();
    const app = express();
    app.post('/api/reports', () => {
      throw new RedisDeadlineError(2_000);
    });
    app.post('/api/replays', () => {
      throw new Error('Command timed out');
    });
    app.use(problemHandler(logger));
    const { server, base } = await serve(app);
    try {
      for (const path of ['/api/reports', '/api/replays']) {
        const answer = await fetch(`${base}${path}`, { method: 'POST' });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('10');
        expect(answer.headers.get('content-type')).toContain('application/problem+json');
        expect(await answer.json()).toMatchObject({
          status: 503,
          title: 'Service Unavailable',
          detail: 'This is temporarily unavailable; try again in a few seconds.',
        });
      }
    } finally {
      server.close();
    }
    expect(lines).toEqual([]);
  });
});

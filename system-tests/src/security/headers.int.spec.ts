import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@campus/contracts';
import { DEFAULT_CORS_ORIGINS } from '@campus/infra';
import { startTestStack, type TestStack } from '../stack/stack';

/** The query service sends helmet's security headers and allows CORS for the configured origin only. */
describe('query service: security headers and CORS', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ runWorker: false, label: 'headers' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('sends the security headers on reads, errors and unknown routes', async () => {
    for (const path of [
      routes.getConfig.path,
      routes.listOpportunities.path,
      '/api/nothing-here',
    ]) {
      const response = await request(stack.queryApp).get(path);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy'], path).toMatch(/default-src 'self'/);
      expect(response.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(response.headers['x-powered-by'], path).toBeUndefined();
    }
  });

  it('answers CORS for the configured origin and not for others', async () => {
    const origin = DEFAULT_CORS_ORIGINS[0] ?? '';
    const allowed = await request(stack.queryApp).get(routes.getConfig.path).set('origin', origin);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    const other = await request(stack.queryApp)
      .get(routes.getConfig.path)
      .set('origin', 'https://evil.example');
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

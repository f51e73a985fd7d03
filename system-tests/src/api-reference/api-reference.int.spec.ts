import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@campus/contracts';
import { openApiDocument, openApiPath } from '@campus/contracts/openapi';
import { startTestStack, type TestStack } from '../stack/stack';

/** The API reference the query service serves (docs/api.md), without a token. */
describe('API reference', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ runWorker: false, label: 'api-reference' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('serves the OpenAPI 3.1 document of the route table at /api/openapi.json', async () => {
    const response = await request(stack.queryApp).get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const served = response.body as { openapi: string; paths: Record<string, object> };
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const missing = Object.entries(routes)
      .filter(([, r]) => !(r.method.toLowerCase() in (served.paths[openApiPath(r.path)] ?? {})))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('serves a reference page that loads Swagger UI from this origin, with no inline script', async () => {
    const page = await request(stack.queryApp).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="docs/swagger-ui-bundle.js"></script>');
    expect(page.text).toContain('<script src="docs/start.js"></script>');
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    for (const [path, type] of [
      ['/api/docs/swagger-ui-bundle.js', /^text\/javascript/],
      ['/api/docs/swagger-ui.css', /^text\/css/],
      ['/api/docs/start.js', /^text\/javascript/],
    ] as const) {
      const asset = await request(stack.queryApp).get(path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers['content-type'], path).toMatch(type);
    }
    const start = await request(stack.queryApp).get('/api/docs/start.js');
    expect(start.text).toContain("url: 'openapi.json'");
  });

  it("serves nothing else of swagger-ui-dist's folder, and sends /api/docs/ to /api/docs", async () => {
    for (const path of [
      '/api/docs/package.json',
      '/api/docs/index.html',
      '/api/docs/..%2Fx',
      '/api/docs/constructor',
      '/api/docs/__proto__',
    ]) {
      const response = await request(stack.queryApp).get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/problem\+json/);
    }
    const slash = await request(stack.queryApp).get('/api/docs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('/api/docs');
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorIdToken } from '@campus/infra/testing';
import { startTestStack, type TestStack } from '../stack/stack';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('GET /files/{name}: uploaded images served read-only', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ runWorker: false });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('serves an uploaded image with its checked type and nosniff', async () => {
    const token = await emulatorIdToken('photographer@university.edu');
    await request(stack.commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: 'Pho', last_name: 'Tographer', phone: '5551234567', has_car: false })
      .expect(201);
    const upload = await request(stack.commandApp)
      .post('/upload')
      .set('authorization', `Bearer ${token}`)
      .attach('file', PNG, { filename: 'me.png' });
    expect(upload.status).toBe(201);

    const file = await request(stack.queryApp).get(String(upload.body.url));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
  });

  it('answers 404 for unknown names and anything that is not a stored name', async () => {
    for (const path of [
      '/files/00000000-0000-4000-8000-000000000000.png',
      '/files/..%2Fpackage.json',
      '/files/x.svg',
    ]) {
      const response = await request(stack.queryApp).get(path);
      expect(response.status, path).toBe(404);
    }
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import { emulatorIdToken } from '@campus/infra/testing';
import { startCommandStack, type CommandStack } from '../testing/command-stack';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('Idempotency-Key and uploads', () => {
  let stack: CommandStack;
  beforeAll(async () => {
    stack = await startCommandStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('appends a retried registration once and replays the first answer', async () => {
    const token = await emulatorIdToken('retry@university.edu');
    const body = { first_name: 'Re', last_name: 'Try', phone: '5551234567', has_car: false };
    const send = () =>
      request(stack.app)
        .post('/api/users')
        .set('authorization', `Bearer ${token}`)
        .set('idempotency-key', 'k-1')
        .send(body);
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers[CONSISTENCY_TOKEN_HEADER]).toBe(first.headers[CONSISTENCY_TOKEN_HEADER]);
    const { rows } = await stack.db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es.events WHERE event_type = 'UserRegistered'`,
    );
    expect(Number(rows[0]?.n)).toBe(1);

    const reused = await request(stack.app)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .set('idempotency-key', 'k-1')
      .send({ ...body, phone: '5559999999' });
    expect(reused.status).toBe(400);
  });

  it('stores an image checked by its content and refuses anything else', async () => {
    const { token } = await stack.registerUser('uploader@university.edu');
    const ok = await request(stack.app)
      .post('/upload')
      .set('authorization', `Bearer ${token}`)
      .attach('file', PNG, { filename: 'avatar.txt', contentType: 'text/plain' });
    expect(ok.status).toBe(201);
    expect(ok.body.url).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/);

    const fake = await request(stack.app)
      .post('/upload')
      .set('authorization', `Bearer ${token}`)
      .attach('file', Buffer.from('<script>alert(1)</script>'), {
        filename: 'x.png',
        contentType: 'image/png',
      });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toMatch(/must be an image/);

    const big = await request(stack.app)
      .post('/upload')
      .set('authorization', `Bearer ${token}`)
      .attach('file', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), { filename: 'big.png' });
    expect(big.status).toBe(413);

    const anonymous = await request(stack.app)
      .post('/upload')
      .attach('file', PNG, { filename: 'a.png' });
    expect(anonymous.status).toBe(401);
  });
});

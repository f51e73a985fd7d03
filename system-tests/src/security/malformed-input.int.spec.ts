import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

/**
 * Inputs that once passed validation and then failed deeper down (a 500, or an acknowledged
 * command the read model could not hold): each is now a 400 naming what was wrong.
 */
describe('malformed input refused at the door', () => {
  let stack: TestStack;
  let student: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'malformed' });
    student = await stack.registerUser(`malformed-${randomUUID()}@university.edu`);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const multipart = (path: string, contentType: string, body: string) =>
    request(stack.commandApp)
      .post(path)
      .set('authorization', `Bearer ${student.token}`)
      .set('content-type', contentType)
      .send(body);

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n'],
    ['a cut-off body', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-da'],
    ['a bad part header', 'multipart/form-data; boundary=x', '--x\r\nbad header\r\n\r\n--x--\r\n'],
  ])('answers a multipart upload with %s with 400 naming the file field', async (_, type, body) => {
    const response = await multipart('/upload', type, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ field: 'file' }] });
  });

  it('refuses an opportunity dated after year 9998 (its start has no ISO instant) by name', async () => {
    const response = await stack.command('post', '/api/opps', student.token, {
      name: 'Far away',
      description: 'Too far to store.',
      date: '9999-12-31',
      time: '23:00',
      duration: 60,
      total_slots: 5,
      host_org_id: randomUUID(),
      causes: ['Environment & Sustainability'],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ field: 'date' }] });
  });

  it('answers the boards as of year 9999 with 400, not 500', async () => {
    const response = await stack.read('/api/leaderboard/as-of?date=9999-12-31', student.token);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('date');
  });

  it('answers a paging cursor with an impossible day (February 30) with 400, not 500', async () => {
    const response = await stack.read(
      `/api/opps?limit=5&after=2025-02-30T00:00:00.000Z_${randomUUID()}`,
      student.token,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('after');
  });
});

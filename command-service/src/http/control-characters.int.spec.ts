import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandStack, type CommandStack } from '../testing/command-stack';

type Problem = { detail?: string; errors?: { field?: string }[] };

/**
 * NUL and the other control characters in a path id or a query parameter never reach a decision
 * or Postgres: 400 problem details naming the parameter, and nothing appended.
 */
describe('command service: control characters in path ids and query strings', () => {
  let stack: CommandStack;
  let student: Awaited<ReturnType<CommandStack['registerUser']>>;
  beforeAll(async () => {
    stack = await startCommandStack();
    student = await stack.registerUser(`nul-${randomUUID()}@university.edu`);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it.each([
    ['put', '/api/users/%00', { first_name: 'Nul' }, 'id'],
    ['put', `/api/orgs/${randomUUID()}%00`, { name: 'Nul club' }, 'id'],
    ['delete', '/api/opps/ab%00cd', undefined, 'id'],
    ['post', '/api/opps/%00/announcements', { message: 'Hello' }, 'id'],
    ['put', '/api/friendships/%1F/accept', {}, 'id'],
    ['delete', `/api/users/${randomUUID()}/friends/%00`, undefined, 'friendId'],
    ['post', '/api/orgs?source=%00', { name: 'Query club' }, 'source'],
    ['post', '/api/register-opp?x=%7F', {}, 'x'],
  ] as const)('%s %s answers 400 naming %s', async (method, path, body, field) => {
    const before = await stack.store.headPosition();
    let test = request(stack.app)[method](path).set('authorization', `Bearer ${student.token}`);
    if (body) test = test.send(body);
    const response = await test;
    expect(response.status, response.text).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.body as Problem;
    expect(problem.errors?.map((e) => e.field)).toEqual([field]);
    expect(problem.detail).toContain(field);
    expect(await stack.store.headPosition()).toEqual(before);
  });

  it('lets the same commands through without them (control)', async () => {
    const updated = await request(stack.app)
      .put(`/api/users/${student.userId}`)
      .set('authorization', `Bearer ${student.token}`)
      .send({ first_name: 'Nul' });
    expect(updated.status, updated.text).toBeLessThan(300);
    const created = await request(stack.app)
      .post('/api/orgs?source=profile')
      .set('authorization', `Bearer ${student.token}`)
      .send({ name: 'Query club' });
    expect(created.status, created.text).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS, TEXT_LIMITS } from '@campus/contracts';
import { listDeadLetters } from '@campus/projection-worker';
import { emulatorIdToken } from '@campus/infra/testing';
import { startTestStack, type TestStack } from '../stack/stack';

/** Three bytes in UTF-8 and one UTF-16 unit: the widest text a length limit lets through. */
const wide = (length: number) => '語'.repeat(length);

type Profile = {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  gender: string | null;
  academic_level: string | null;
  major: string | null;
  bio: string | null;
};

describe('a registration the command accepts is one the read model holds', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ label: 'registration-limits' });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('registers with every field at its maximum and reads the whole person back', async () => {
    const token = await emulatorIdToken('longest@university.edu');
    const body = {
      first_name: wide(TEXT_LIMITS.personName),
      last_name: wide(TEXT_LIMITS.personName),
      phone: '9'.repeat(PHONE_MAX_DIGITS),
      has_car: true,
      car_seats: 15,
      gender: wide(TEXT_LIMITS.profileDetail),
      graduation_year: 2200,
      academic_level: wide(TEXT_LIMITS.profileDetail),
      major: wide(TEXT_LIMITS.profileDetail),
      birthday: '1900-01-01',
    };
    const created = await stack.command('post', '/api/users', token, body);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const bio = wide(TEXT_LIMITS.bio);
    const edited = await stack.command('put', `/api/users/${id}`, token, { bio });
    expect(edited.status).toBe(200);

    const read = await stack.read(`/api/users/${id}`, token);
    expect(read.status).toBe(200);
    expect(read.body as Profile).toMatchObject({
      id,
      first_name: body.first_name,
      last_name: body.last_name,
      phone: body.phone,
      gender: body.gender,
      academic_level: body.academic_level,
      major: body.major,
      bio,
    });
    expect(await listDeadLetters(stack.db.pool)).toEqual([]);
  });

  it('holds a registration the read model refuses: the person exists, without its details', async () => {
    // A read model that refuses one person's row, as a broken constraint or trigger would.
    await stack.db.pool.query(`
      CREATE FUNCTION read.refuse_marked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.first_name LIKE '%Refused%' THEN RAISE EXCEPTION 'row refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_marked BEFORE INSERT ON read.users
        FOR EACH ROW EXECUTE FUNCTION read.refuse_marked();`);
    const refused = await stack.registerUser('refused@university.edu', { first: 'Refused' });
    const other = await stack.registerUser('other@university.edu', { first: 'Grace' });

    const read = await stack.read(`/api/users/${refused.userId}`, refused.token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: refused.userId, first_name: '', last_name: '' });
    const otherRead = await stack.read(`/api/users/${other.userId}`, other.token);
    expect(otherRead.body).toMatchObject({ first_name: 'Grace', last_name: 'User' });
    expect(await listDeadLetters(stack.db.pool)).toEqual([]);

    // The person fills their name in again with a profile edit.
    const edited = await stack.command('put', `/api/users/${refused.userId}`, refused.token, {
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(edited.status).toBe(200);
    const after = await stack.read(`/api/users/${refused.userId}`, refused.token);
    expect(after.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });
});

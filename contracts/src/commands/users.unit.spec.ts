import { describe, expect, it } from 'vitest';
import { texts } from '../texts';
import { registerUserSchema } from './users';

const valid = {
  first_name: '  Ada ',
  last_name: ' Lovelace ',
  phone: '5551234567',
  has_car: false,
};

describe('registerUserSchema (spec 5, Registration)', () => {
  it('trims names and sends 0 seats without a car', () => {
    expect(registerUserSchema.parse({ ...valid, car_seats: 4 })).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '5551234567',
      carSeats: 0,
    });
  });

  it('requires first and last name after trimming', () => {
    const result = registerUserSchema.safeParse({ ...valid, first_name: '   ', last_name: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['first_name', 'last_name']),
    );
  });

  it.each(['555123456', '555-123-4567', '', 'abcdefghij'])(
    'refuses phone %j with the exact text',
    (phone) => {
      const result = registerUserSchema.safeParse({ ...valid, phone });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(texts.register.invalidPhone);
    },
  );

  it('accepts 10 or more digits', () => {
    expect(registerUserSchema.parse({ ...valid, phone: '15551234567' }).phone).toBe('15551234567');
  });

  it.each([1, 15])('accepts %i seats with a car', (seats) => {
    expect(registerUserSchema.parse({ ...valid, has_car: true, car_seats: seats }).carSeats).toBe(
      seats,
    );
  });

  it.each([0, 16, 2.5])('refuses %d seats with a car', (seats) => {
    expect(
      registerUserSchema.safeParse({ ...valid, has_car: true, car_seats: seats }).success,
    ).toBe(false);
  });

  it('splits a single full name when parts are missing', () => {
    const parsed = registerUserSchema.parse({ name: 'Grace Brewster Hopper', phone: '5551234567' });
    expect(parsed).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper' });
  });

  it('ignores an email in the body (the token is the only source)', () => {
    expect(registerUserSchema.parse({ ...valid, email: 'someone@else.com' })).not.toHaveProperty(
      'email',
    );
  });
});

import { texts } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialRegistrationValues,
  nextSeatsText,
  seatsTextOnBlur,
  validateRegistration,
  type RegistrationValues,
} from './registration';

const filled = (overrides: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...initialRegistrationValues,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '5551234567',
  hasCar: 'no',
  ...overrides,
});

describe('validateRegistration', () => {
  it('sends trimmed names, the phone and 0 seats when there is no car', () => {
    expect(
      validateRegistration(filled({ firstName: '  Ada ', lastName: ' Lovelace  ', seats: '4' })),
    ).toEqual({
      ok: true,
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '5551234567',
        has_car: false,
        car_seats: 0,
      },
    });
  });

  it('sends the seat count when there is a car', () => {
    expect(validateRegistration(filled({ hasCar: 'yes', seats: '15' }))).toMatchObject({
      ok: true,
      body: { has_car: true, car_seats: 15 },
    });
  });

  it('requires first and last name (blank after trimming counts as missing)', () => {
    expect(validateRegistration(filled({ firstName: '   ', lastName: '' }))).toEqual({
      ok: false,
      errors: {
        firstName: texts.register.firstNameRequired,
        lastName: texts.register.lastNameRequired,
      },
    });
  });

  it.each(['', '555123456', '555-123-456', 'phone5551234567', '+1 555 123 4567 ext'])(
    'rejects the phone %j',
    (phone) => {
      expect(validateRegistration(filled({ phone }))).toEqual({
        ok: false,
        errors: { phone: 'Please enter a valid phone number (10+ digits)' },
      });
    },
  );

  it('rejects a phone of more than 20 digits, as the server would', () => {
    expect(validateRegistration(filled({ phone: '5'.repeat(21) }))).toEqual({
      ok: false,
      errors: { phone: 'Phone must be at most 20 digits' },
    });
    expect(validateRegistration(filled({ phone: '5'.repeat(20) })).ok).toBe(true);
  });

  it.each([
    ['5551234567', '5551234567'],
    [' (555) 123-4567 ', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['+44 20 7946 0958', null],
    ['015551234567', '015551234567'],
  ])('accepts the phone %j as %j', (phone, expected) => {
    const result = validateRegistration(filled({ phone }));
    if (expected === null) {
      expect(result.ok).toBe(false);
    } else {
      expect(result).toMatchObject({ ok: true, body: { phone: expected } });
    }
  });

  it('requires the car choice', () => {
    expect(validateRegistration(filled({ hasCar: null }))).toEqual({
      ok: false,
      errors: { hasCar: texts.register.carRequired },
    });
  });

  it.each(['', '0', '16', '2.5', 'abc'])('refuses %j seats when there is a car', (seats) => {
    expect(validateRegistration(filled({ hasCar: 'yes', seats }))).toEqual({
      ok: false,
      errors: { seats: 'Minimum: 1, Maximum: 15' },
    });
  });

  it('reports every problem at once', () => {
    const result = validateRegistration(initialRegistrationValues);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual([
      'firstName',
      'hasCar',
      'lastName',
      'phone',
    ]);
  });
});

describe('seat input', () => {
  it('takes whole numbers from 1 to 15 and clearing', () => {
    expect(nextSeatsText('1', '12')).toBe('12');
    expect(nextSeatsText('3', '15')).toBe('15');
    expect(nextSeatsText('3', '')).toBe('');
  });

  it('ignores input outside the range or not a whole number', () => {
    expect(nextSeatsText('1', '16')).toBe('1');
    expect(nextSeatsText('12', '120')).toBe('12');
    expect(nextSeatsText('5', '0')).toBe('5');
    expect(nextSeatsText('5', '-1')).toBe('5');
    expect(nextSeatsText('5', '2.5')).toBe('5');
    expect(nextSeatsText('5', '5e')).toBe('5');
  });

  it('clamps on blur: below 1 becomes 1, above 15 becomes 15', () => {
    expect(seatsTextOnBlur('')).toBe('1');
    expect(seatsTextOnBlur('0')).toBe('1');
    expect(seatsTextOnBlur('-3')).toBe('1');
    expect(seatsTextOnBlur('40')).toBe('15');
    expect(seatsTextOnBlur('7')).toBe('7');
  });
});

import { z } from 'zod';
import {
  BIRTHDAY_MIN,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  TEXT_LIMITS,
} from '../domain/limits';
import { CAR_SEATS_MAX, CAR_SEATS_MIN } from '../domain/registration';
import { isValidDate } from '../domain/time';
import { optionalText, singleLineText } from './common';
import { phoneSchema } from './profile';

const detail = (label: string) => optionalText(label, TEXT_LIMITS.profileDetail);

/**
 * POST /api/users. The email comes from the verified token, never from the body (an `email` sent
 * anyway is ignored). `name` is accepted for callers that send one full name instead of the parts.
 */
export const registerUserSchema = z
  .object({
    first_name: singleLineText('First name', TEXT_LIMITS.personName).optional(),
    last_name: singleLineText('Last name', TEXT_LIMITS.personName).optional(),
    name: singleLineText('Name', TEXT_LIMITS.fullName).optional(),
    phone: phoneSchema,
    has_car: z.boolean().optional(),
    car_seats: z.coerce
      .number()
      .int('Seats must be a whole number')
      .min(0)
      .max(CAR_SEATS_MAX)
      .default(0),
    gender: detail('Gender'),
    graduation_year: z.coerce
      .number()
      .int('Graduation year must be a whole number')
      .min(GRADUATION_YEAR_MIN, `Graduation year must be ${String(GRADUATION_YEAR_MIN)} or later`)
      .max(GRADUATION_YEAR_MAX, `Graduation year must be ${String(GRADUATION_YEAR_MAX)} or earlier`)
      .nullish()
      .transform((v) => v ?? null),
    academic_level: detail('Academic level'),
    major: detail('Major'),
    birthday: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine(
        (d) => d === null || (isValidDate(d) && d >= BIRTHDAY_MIN),
        `Birthday must be a date (YYYY-MM-DD) from ${BIRTHDAY_MIN} on`,
      ),
    registration_date: singleLineText('Registration date', TEXT_LIMITS.dateText).optional(),
  })
  .transform((body, ctx) => {
    let first = body.first_name ?? '';
    let last = body.last_name ?? '';
    if (!first && !last && body.name) {
      const [head = '', ...rest] = body.name.split(/\s+/);
      first = head;
      last = rest.join(' ');
    }
    if (!first)
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'First name is required' });
    if (!last)
      ctx.addIssue({ code: 'custom', path: ['last_name'], message: 'Last name is required' });
    const hasCar = body.has_car ?? body.car_seats > 0;
    if (hasCar && (body.car_seats < CAR_SEATS_MIN || body.car_seats > CAR_SEATS_MAX)) {
      ctx.addIssue({
        code: 'custom',
        path: ['car_seats'],
        message: `Seats must be between ${CAR_SEATS_MIN} and ${CAR_SEATS_MAX}`,
      });
    }
    return {
      firstName: first,
      lastName: last,
      phone: body.phone,
      carSeats: hasCar ? body.car_seats : 0,
      gender: body.gender,
      graduationYear: body.graduation_year,
      academicLevel: body.academic_level,
      major: body.major,
      birthday: body.birthday,
    };
  });
export type RegisterUserBody = z.input<typeof registerUserSchema>;
export type RegisterUser = z.output<typeof registerUserSchema>;

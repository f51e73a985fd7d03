import { z } from 'zod';
import { CAR_SEATS_MAX, CAR_SEATS_MIN, PHONE_PATTERN } from '../domain/registration';
import { texts } from '../texts';

const optionalText = z
  .string()
  .trim()
  .max(100)
  .transform((s) => (s === '' ? null : s))
  .nullish()
  .transform((s) => s ?? null);

/**
 * POST /api/users. The email comes from the verified token, never from the body (an `email` sent
 * anyway is ignored). `name` is accepted for callers that send one full name instead of the parts.
 */
export const registerUserSchema = z
  .object({
    first_name: z.string().trim().optional(),
    last_name: z.string().trim().optional(),
    name: z.string().trim().optional(),
    phone: z
      .string({ error: texts.register.invalidPhone })
      .trim()
      .regex(PHONE_PATTERN, texts.register.invalidPhone),
    has_car: z.boolean().optional(),
    car_seats: z.coerce
      .number()
      .int('Seats must be a whole number')
      .min(0)
      .max(CAR_SEATS_MAX)
      .default(0),
    gender: optionalText,
    graduation_year: z.coerce
      .number()
      .int()
      .min(1900)
      .max(2200)
      .nullish()
      .transform((v) => v ?? null),
    academic_level: optionalText,
    major: optionalText,
    birthday: z.iso
      .date()
      .nullish()
      .transform((v) => v ?? null),
    registration_date: z.string().optional(),
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

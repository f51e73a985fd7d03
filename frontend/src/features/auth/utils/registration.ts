import {
  CAR_SEATS_MAX,
  CAR_SEATS_MIN,
  PHONE_MAX_DIGITS,
  PHONE_PATTERN,
  acceptsCarSeatsInput,
  clampCarSeats,
  texts,
  type RegisterUserBody,
} from '@campus/contracts';

/** The register form as typed. */
export type RegistrationValues = {
  firstName: string;
  lastName: string;
  phone: string;
  hasCar: 'yes' | 'no' | null;
  seats: string;
};

type RegistrationField = keyof RegistrationValues;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const initialRegistrationValues: RegistrationValues = {
  firstName: '',
  lastName: '',
  phone: '',
  hasCar: null,
  seats: '',
};

/** Spaces, dashes, dots and parentheses are formatting, not part of the number. */
const normalizePhone = (text: string): string => text.trim().replace(/[\s().-]/g, '');

/** While typing: seats outside 1..15 (or not a whole number) are ignored, the old text stays. */
export const nextSeatsText = (current: string, typed: string): string =>
  acceptsCarSeatsInput(typed.trim()) ? typed.trim() : current;

/** On blur: below 1 (including empty) becomes 1, above 15 becomes 15. */
export const seatsTextOnBlur = (text: string): string => {
  const n = Number(text.trim());
  return String(clampCarSeats(Number.isFinite(n) ? n : 0));
};

type RegistrationResult =
  { ok: true; body: RegisterUserBody } | { ok: false; errors: RegistrationErrors };

export const validateRegistration = (values: RegistrationValues): RegistrationResult => {
  const errors: RegistrationErrors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const phone = normalizePhone(values.phone);
  if (!firstName) errors.firstName = texts.register.firstNameRequired;
  if (!lastName) errors.lastName = texts.register.lastNameRequired;
  if (!PHONE_PATTERN.test(phone)) errors.phone = texts.register.invalidPhone;
  else if (phone.length > PHONE_MAX_DIGITS) errors.phone = texts.register.phoneTooLong;
  if (values.hasCar === null) errors.hasCar = texts.register.carRequired;

  let seats = 0;
  if (values.hasCar === 'yes') {
    const text = values.seats.trim();
    seats = Number(text);
    if (!/^\d+$/.test(text) || seats < CAR_SEATS_MIN || seats > CAR_SEATS_MAX) {
      errors.seats = texts.register.seatsHint;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      first_name: firstName,
      last_name: lastName,
      phone,
      has_car: values.hasCar === 'yes',
      car_seats: values.hasCar === 'yes' ? seats : 0,
    },
  };
};

/** Server field names (POST /api/users problem `errors`) to form fields. */
export const registrationFieldOf: Readonly<Record<string, RegistrationField>> = {
  first_name: 'firstName',
  last_name: 'lastName',
  name: 'firstName',
  phone: 'phone',
  has_car: 'hasCar',
  car_seats: 'seats',
};

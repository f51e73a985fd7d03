import { texts, type User } from '@campus/contracts';
import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useRegisterUser } from '../api/register-user';
import {
  initialRegistrationValues,
  nextSeatsText,
  registrationFieldOf,
  seatsTextOnBlur,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationValues,
} from '../utils/registration';
import styles from './register-form.module.css';

type RegisterFormProps = {
  /** The signed-in provider user's email; null when nobody is signed in with Google. */
  email: string | null;
  onRegistered: (user: User) => void;
  /** 'Sign In' returns to /login (signing the provider user out first). */
  onBackToSignIn: () => void;
};

const toFieldErrors = (fieldErrors: Readonly<Record<string, string>>): RegistrationErrors => {
  const errors: RegistrationErrors = {};
  for (const [serverField, message] of Object.entries(fieldErrors)) {
    const field = registrationFieldOf[serverField];
    if (field) errors[field] ??= message;
  }
  return errors;
};

export const RegisterForm = ({ email, onRegistered, onBackToSignIn }: RegisterFormProps) => {
  const [values, setValues] = useState<RegistrationValues>(initialRegistrationValues);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(
    email ? null : texts.register.noAuthUser,
  );
  const registration = useRegisterUser();
  const carErrorId = useId();

  const set = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email) {
      setFormError(texts.register.noAuthUser);
      return;
    }
    const result = validateRegistration(values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    registration.mutate(result.body, {
      onSuccess: onRegistered,
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(toFieldErrors(error.fieldErrors));
          setFormError(error.serverMessage ?? texts.signInErrors.registrationFailed);
        } else {
          setFormError(texts.signInErrors.registrationFailed);
        }
      },
    });
  };

  return (
    <div className={styles.register}>
      <div className={styles.header}>
        <span className={styles.eyebrow}>
          <LogoMark />
          {texts.register.heading}
        </span>
        <h1 className={styles.title}>{texts.register.title}</h1>
      </div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label={texts.register.email} type="email" value={email ?? ''} readOnly />
        <div className={styles.names}>
          <TextField
            label={texts.register.firstName}
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            required
            onChange={(event) => set('firstName', event.target.value)}
          />
          <TextField
            label={texts.register.lastName}
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            required
            onChange={(event) => set('lastName', event.target.value)}
          />
        </div>
        <TextField
          label={texts.register.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          error={errors.phone}
          required
          onChange={(event) => set('phone', event.target.value)}
        />
        <fieldset
          className={styles.fieldset}
          aria-describedby={errors.hasCar ? carErrorId : undefined}
        >
          <legend className={styles.legend}>{texts.register.hasCar}</legend>
          <div className={styles.choices}>
            {(['yes', 'no'] as const).map((choice) => (
              <label key={choice} className={styles.choice}>
                <input
                  type="radio"
                  name="hasCar"
                  value={choice}
                  checked={values.hasCar === choice}
                  required
                  aria-invalid={errors.hasCar ? true : undefined}
                  onChange={() => {
                    set('hasCar', choice);
                    if (choice === 'yes' && values.seats === '') set('seats', '1');
                  }}
                />
                {choice === 'yes' ? texts.register.yes : texts.register.no}
              </label>
            ))}
          </div>
          {errors.hasCar ? (
            <p id={carErrorId} className={styles.choiceError}>
              {errors.hasCar}
            </p>
          ) : null}
        </fieldset>
        {values.hasCar === 'yes' ? (
          <TextField
            className={styles.seats}
            label={texts.register.seats}
            inputMode="numeric"
            pattern="[0-9]*"
            hint={texts.register.seatsHint}
            value={values.seats}
            error={errors.seats}
            onChange={(event) => set('seats', nextSeatsText(values.seats, event.target.value))}
            onBlur={() => set('seats', seatsTextOnBlur(values.seats))}
          />
        ) : null}
        <Button type="submit" fullWidth loading={registration.isPending}>
          {registration.isPending ? texts.register.submitting : texts.register.submit}
        </Button>
      </form>
      <p className={styles.footer}>
        {texts.register.alreadyRegistered}{' '}
        <Link to={paths.login.getHref()} onClick={onBackToSignIn}>
          {texts.register.signIn}
        </Link>
      </p>
    </div>
  );
};

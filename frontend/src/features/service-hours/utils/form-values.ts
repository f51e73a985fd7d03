import {
  SERVICE_LOG_MAX_AGE_DAYS,
  type LogServiceHours,
  type logServiceHoursSchema,
} from '@campus/contracts';
import type { z } from 'zod';

/** Where the service was done: an organization on the platform, or one named by the student. */
export type ServiceWhere = 'platform' | 'outside';

/** What the Log hours form edits; the photo is a picked file, kept beside the form. */
export type LogHoursFormValues = {
  where: ServiceWhere;
  organization_id: string;
  outside_organization: string;
  date: string;
  hours: number;
  minutes: number;
  cause: string;
  description: string;
  verifier_name: string;
  verifier_email: string;
};

export type LogHoursField = keyof LogHoursFormValues;

export const emptyLogHoursValues = (): LogHoursFormValues => ({
  where: 'platform',
  organization_id: '',
  outside_organization: '',
  date: '',
  hours: 0,
  minutes: 0,
  cause: '',
  description: '',
  verifier_name: '',
  verifier_email: '',
});

type LogServiceHoursBody = Omit<z.input<typeof logServiceHoursSchema>, 'photo'>;

/**
 * The JSON body of POST /api/hours (without its photo): only the chosen kind of organization is
 * sent, and the time is hours and minutes added up.
 */
export const toLogBody = (values: LogHoursFormValues): LogServiceHoursBody => ({
  ...(values.where === 'platform'
    ? { organization_id: values.organization_id || null }
    : { outside_organization: values.outside_organization }),
  date: values.date,
  minutes: values.hours * 60 + values.minutes,
  cause: values.cause as LogServiceHours['cause'],
  description: values.description,
  verifier_name: values.verifier_name,
  verifier_email: values.verifier_email,
});

/**
 * The form field that shows an error the schema or the server names by a body field, or null
 * for the photo (shown beside its own input) and anything the form does not edit.
 */
export const formFieldOf = (bodyField: string, where: ServiceWhere): LogHoursField | null => {
  switch (bodyField) {
    case 'organization_id':
      return where === 'platform' ? 'organization_id' : 'outside_organization';
    case 'outside_organization':
    case 'date':
    case 'minutes':
    case 'cause':
    case 'description':
    case 'verifier_name':
    case 'verifier_email':
      return bodyField;
    default:
      return null;
  }
};

const DAY_MS = 86_400_000;

/** The Eastern date `days` days before the Eastern date `date` ('YYYY-MM-DD'). */
const daysBefore = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The dates a log may have (docs/service-hours.md): today at the latest, Eastern time by the
 * server's clock, and SERVICE_LOG_MAX_AGE_DAYS days back at the earliest.
 */
export const serviceDateBounds = (today: string) => ({
  min: daysBefore(today, SERVICE_LOG_MAX_AGE_DAYS),
  max: today,
});

import { z } from 'zod';
import {
  ATTENDANCE_DURATION_MAX,
  CAUSES,
  CREATE_DURATION_MIN,
  CREATE_DURATION_STEP,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_TOTAL_SLOTS,
  EDIT_DURATION_MIN,
  MIN_TOTAL_SLOTS,
} from '../domain/constants';
import {
  ANNOUNCEMENTS_MAX,
  LIST_ITEMS_MAX,
  TEXT_LIMITS,
  TOTAL_SLOTS_MAX,
  VISIBILITY_MAX,
} from '../domain/limits';
import { isValidDate, isValidTime, normalizeTime, splitLocalDateTime } from '../domain/time';
import {
  formBoolean,
  formInteger,
  formList,
  idSchema,
  imageUrlText,
  multiLineText,
  optionalHttpUrl,
  optionalText,
  requiredText,
  singleLineText,
} from './common';

const cause = z.enum(CAUSES, { error: 'Unknown cause' });
/** One tag or qualification: a short line, not blank. */
const listItem = (label: string) => requiredText(label, TEXT_LIMITS.listItem);
const TOO_MANY_ITEMS = `At most ${String(LIST_ITEMS_MAX)} items`;
const shortList = (label: string) =>
  formList(listItem(label), { items: LIST_ITEMS_MAX, message: TOO_MANY_ITEMS });
const shortArray = (label: string) => z.array(listItem(label)).max(LIST_ITEMS_MAX, TOO_MANY_ITEMS);
const imageUrl = imageUrlText('Image')
  .nullish()
  .transform((s) => s ?? null);

/** Slots: the same bounds on create and edit (an int column holds them, a form shows them). */
const totalSlots = z
  .number()
  .min(MIN_TOTAL_SLOTS, 'Total slots must be at least 1')
  .max(TOTAL_SLOTS_MAX, `Total slots must be at most ${TOTAL_SLOTS_MAX.toLocaleString('en-US')}`);
const durationMax = z
  .number()
  .max(ATTENDANCE_DURATION_MAX, 'Duration must be at most 24 hours and 59 minutes');
const dateText = singleLineText('Date', TEXT_LIMITS.dateText);
const timeText = singleLineText('Time', TEXT_LIMITS.timeText);

/**
 * `date` may be 'YYYY-MM-DDTHH:MM' (Eastern local) or a date with a separate `time` (docs/product-rules.md).
 * Returns the Eastern date and 'HH:MM' time, or adds issues naming the fields.
 */
const resolveDateTime = (
  body: { date?: string | undefined; time?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
): { date: string; time: string } | null | undefined => {
  if (body.date === undefined && body.time === undefined) {
    if (required) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Date is required' });
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Time is required' });
    }
    return undefined;
  }
  const combined = body.date ? splitLocalDateTime(body.date) : null;
  if (combined && !body.time) return combined;
  const date = body.date?.slice(0, 10);
  const time = body.time ?? (combined ? combined.time : undefined);
  let ok = true;
  if (!date || !isValidDate(date)) {
    ctx.addIssue({
      code: 'custom',
      path: ['date'],
      message: 'Date must be a valid date (YYYY-MM-DD)',
    });
    ok = false;
  }
  if (!time || !isValidTime(time)) {
    ctx.addIssue({ code: 'custom', path: ['time'], message: 'Time must be a valid time (HH:MM)' });
    ok = false;
  }
  return ok && date && time ? { date, time: normalizeTime(time) } : null;
};

/** POST /api/opps (multipart) with its create rules. `points` and `approved` are ignored. */
export const createOpportunitySchema = z
  .object({
    name: requiredText('Name', TEXT_LIMITS.opportunityName),
    description: requiredText('Description', TEXT_LIMITS.opportunityDescription, {
      multiLine: true,
    }),
    // Required at field level too, so a blank form names it along with the other fields.
    date: requiredText('Date', TEXT_LIMITS.dateText),
    time: timeText.optional(),
    duration: formInteger('Duration')
      .default(DEFAULT_DURATION_MINUTES)
      .pipe(
        z
          .number()
          .min(
            CREATE_DURATION_MIN,
            `Duration must be at least ${String(CREATE_DURATION_MIN)} minutes`,
          )
          .max(ATTENDANCE_DURATION_MAX, 'Duration must be at most 24 hours and 59 minutes')
          .multipleOf(
            CREATE_DURATION_STEP,
            `Duration must be in steps of ${String(CREATE_DURATION_STEP)} minutes`,
          ),
      ),
    total_slots: formInteger('Total slots').default(DEFAULT_TOTAL_SLOTS).pipe(totalSlots),
    nonprofit: optionalText('Nonprofit', TEXT_LIMITS.nonprofit),
    address: optionalText('Address', TEXT_LIMITS.address),
    host_org_id: idSchema('Host organization'),
    redirect_url: optionalHttpUrl,
    image: imageUrl,
    causes: formList(cause).refine((l) => l.length >= 1, 'Choose at least one cause'),
    tags: shortList('Tag').default([]),
    qualifications: shortList('Qualification').default([]),
    visibility: formList(idSchema('Organization'))
      .refine((l) => l.length <= VISIBILITY_MAX, `At most ${String(VISIBILITY_MAX)} organizations`)
      .default([]),
    isPrivate: formBoolean.optional(),
  })
  .transform((body, ctx) => {
    const when = resolveDateTime(body, ctx, true);
    const visibility = [...new Set(body.visibility)];
    if ((body.isPrivate ?? visibility.length > 0) && visibility.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['visibility'],
        message: 'A private opportunity needs at least one organization',
      });
    }
    return {
      name: body.name,
      description: body.description,
      date: when?.date ?? '',
      time: when?.time ?? '',
      durationMinutes: body.duration,
      totalSlots: body.total_slots,
      nonprofit: body.nonprofit,
      address: body.address,
      hostOrgId: body.host_org_id,
      redirectUrl: body.redirect_url,
      imageUrl: body.image,
      causes: [...new Set(body.causes)],
      tags: body.tags,
      qualifications: body.qualifications,
      visibility: body.isPrivate === false ? [] : visibility,
    };
  });
export type CreateOpportunity = z.output<typeof createOpportunitySchema>;

/** PUT /api/opps/{id}: a partial edit, by the host or an admin; `approved` by admins only. */
export const updateOpportunitySchema = z
  .object({
    approved: z.boolean().optional(),
    name: requiredText('Name', TEXT_LIMITS.opportunityName).optional(),
    description: requiredText('Description', TEXT_LIMITS.opportunityDescription, {
      multiLine: true,
    }).optional(),
    address: optionalText('Address', TEXT_LIMITS.address).optional(),
    nonprofit: optionalText('Nonprofit', TEXT_LIMITS.nonprofit).optional(),
    date: dateText.optional(),
    time: timeText.optional(),
    duration: formInteger('Duration')
      .pipe(durationMax.min(EDIT_DURATION_MIN, 'Duration must be at least 1 minute'))
      .optional(),
    total_slots: formInteger('Total slots').pipe(totalSlots).optional(),
    redirect_url: optionalHttpUrl.optional(),
    image: imageUrl.optional(),
    causes: z.array(cause).min(1, 'Choose at least one cause').optional(),
    tags: shortArray('Tag').optional(),
    qualifications: shortArray('Qualification').optional(),
    visibility: z
      .array(idSchema('Organization'))
      .max(VISIBILITY_MAX, `At most ${String(VISIBILITY_MAX)} organizations`)
      .optional(),
    /** The whole announcements list, accepted for compatibility (docs/product-rules.md). */
    comments: z
      .array(multiLineText('Announcement', TEXT_LIMITS.announcement))
      .max(ANNOUNCEMENTS_MAX)
      .optional(),
  })
  .transform((body, ctx) => {
    const when = resolveDateTime(body, ctx, false);
    const details = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.address !== undefined ? { address: body.address } : {}),
      ...(body.nonprofit !== undefined ? { nonprofit: body.nonprofit } : {}),
      ...(when ? { date: when.date, time: when.time } : {}),
      ...(body.duration !== undefined ? { durationMinutes: body.duration } : {}),
      ...(body.redirect_url !== undefined ? { redirectUrl: body.redirect_url } : {}),
      ...(body.image !== undefined ? { imageUrl: body.image } : {}),
      ...(body.causes !== undefined ? { causes: [...new Set(body.causes)] } : {}),
      ...(body.tags !== undefined ? { tags: body.tags } : {}),
      ...(body.qualifications !== undefined ? { qualifications: body.qualifications } : {}),
      ...(body.visibility !== undefined ? { visibility: [...new Set(body.visibility)] } : {}),
    };
    return {
      details,
      approved: body.approved,
      totalSlots: body.total_slots,
      comments: body.comments?.map((c) => c.trim()).filter(Boolean),
    };
  });
export type UpdateOpportunity = z.output<typeof updateOpportunitySchema>;

/** POST /api/opps/{id}/announcements: one announcement at a time. */
export const postAnnouncementSchema = z.object({
  text: requiredText('Announcement', TEXT_LIMITS.announcement, { multiLine: true }),
});

/** POST /api/register-opp and /api/unregister-opp; client flags (isAdminOrHost, dates) are ignored. */
export const signupSchema = z.object({
  user_id: idSchema('user_id'),
  opportunity_id: idSchema('opportunity_id'),
});
export type Signup = z.output<typeof signupSchema>;

/** PUT /api/attendance: the checked users and the duration in minutes (hours*60 + minutes). */
export const markAttendanceSchema = z.object({
  opportunity_id: idSchema('opportunity_id'),
  user_ids: z.array(idSchema('user_ids')).max(100_000),
  duration: formInteger('Duration').pipe(
    durationMax.min(1, 'Duration must be more than 0 hours and 0 minutes'),
  ),
});
export type MarkAttendance = z.output<typeof markAttendanceSchema>;

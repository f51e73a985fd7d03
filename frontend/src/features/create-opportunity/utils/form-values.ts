import {
  CREATE_DURATION_MIN,
  CREATE_DURATION_STEP,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_TOTAL_SLOTS,
  opportunitySchema,
  type Cause,
  type Opportunity,
  type createOpportunitySchema,
} from '@campus/contracts';
import type { z } from 'zod';

/** What the create form edits; every field is one of the POST /api/opps body's fields. */
export type CreateOpportunityFormValues = {
  name: string;
  description: string;
  date: string;
  time: string;
  duration: number;
  total_slots: number;
  nonprofit: string;
  address: string;
  redirect_url: string;
  host_org_id: string;
  causes: Cause[];
  qualifications: string[];
  tags: string[];
  isPrivate: boolean;
  visibility: string[];
};

type CreateOpportunityBody = z.input<typeof createOpportunitySchema>;

export const emptyFormValues = (): CreateOpportunityFormValues => ({
  name: '',
  description: '',
  date: '',
  time: '',
  duration: DEFAULT_DURATION_MINUTES,
  total_slots: DEFAULT_TOTAL_SLOTS,
  nonprofit: '',
  address: '',
  redirect_url: '',
  host_org_id: '',
  causes: [],
  qualifications: [],
  tags: [],
  isPrivate: false,
  visibility: [],
});

/**
 * A clone keeps what describes the event and drops when it happens: a new date and time are chosen,
 * and a duration that the create rules refuse (edits allow any minute) falls back to the default.
 */
export const formValuesFromClone = (source: Opportunity): CreateOpportunityFormValues => ({
  ...emptyFormValues(),
  name: source.name,
  description: source.description,
  duration:
    source.duration % CREATE_DURATION_STEP === 0 && source.duration >= CREATE_DURATION_MIN
      ? source.duration
      : DEFAULT_DURATION_MINUTES,
  total_slots: source.total_slots,
  nonprofit: source.nonprofit ?? '',
  address: source.address ?? '',
  redirect_url: source.redirect_url ?? '',
  host_org_id: source.host_org_id ?? '',
  causes: [...source.causes],
  qualifications: [...source.qualifications],
  tags: [...source.tags],
  isPrivate: source.visibility.length > 0,
  visibility: [...source.visibility],
});

/** The navigation state Clone Opportunity sends (`{ clone: Opportunity }`), if it is one. */
export const cloneFromState = (state: unknown): Opportunity | null => {
  if (typeof state !== 'object' || state === null || !('clone' in state)) return null;
  const parsed = opportunitySchema.safeParse(state.clone);
  return parsed.success ? parsed.data : null;
};

/** The JSON body of POST /api/opps; the visibility list goes only with a private event. */
export const toCreateBody = (
  values: CreateOpportunityFormValues,
  image: string | null,
): CreateOpportunityBody => ({
  name: values.name,
  description: values.description,
  date: values.date,
  time: values.time,
  duration: values.duration,
  total_slots: values.total_slots,
  nonprofit: values.nonprofit,
  address: values.address,
  redirect_url: values.redirect_url,
  host_org_id: values.host_org_id,
  causes: values.causes,
  qualifications: values.qualifications,
  tags: values.tags,
  isPrivate: values.isPrivate,
  ...(values.isPrivate ? { visibility: values.visibility } : {}),
  image,
});

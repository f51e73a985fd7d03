import {
  instantToEastern,
  isValidDate,
  isValidTime,
  normalizeTime,
  type EventOf,
  type OpportunityDetails,
} from '@campus/contracts';
import { clampInt, isoText, MAX_INT4 } from '../shared';

/** A row of read.opportunities as the projection folds it (JSON-ready: dates as text). */
export type OpportunityRow = {
  id: string;
  name: string;
  description: string;
  nonprofit: string | null;
  address: string | null;
  date: string;
  time: string;
  starts_at: string;
  duration_minutes: number;
  total_slots: number;
  causes: string[];
  tags: string[];
  qualifications: string[];
  visibility: string[];
  redirect_url: string | null;
  image_url: string | null;
  host_user_id: string;
  host_org_id: string | null;
  approved: boolean;
  deleted: boolean;
  attendance_marked: boolean;
  attendance_marked_at: string | null;
  created_at: string;
  /** Its registered signups (moved as they register and withdraw). */
  registered_count: number;
};

export const OPPORTUNITY_COLUMNS = `id::text, name, description, nonprofit, address,
  to_char(date, 'YYYY-MM-DD') AS date, time, ${isoText('starts_at')}, duration_minutes, total_slots,
  causes, tags, qualifications, visibility, redirect_url, image_url, host_user_id::text,
  host_org_id::text, approved, deleted, attendance_marked, ${isoText('attendance_marked_at')},
  ${isoText('created_at')}, registered_count`;

export const OPPORTUNITY_RECORD = `id uuid, name text, description text, nonprofit text,
  address text, date date, time text, starts_at timestamptz, duration_minutes integer,
  total_slots integer, causes text[], tags text[], qualifications text[], visibility text[],
  redirect_url text, image_url text, host_user_id uuid, host_org_id uuid, approved boolean,
  deleted boolean, attendance_marked boolean, attendance_marked_at timestamptz,
  created_at timestamptz, registered_count integer`;

export type DetailIssue = { readonly field: string; readonly problem: string };

/**
 * The row's columns for (a part of) an opportunity's details. Bad values are clamped or dropped,
 * never thrown: an impossible Eastern date or time falls back to the one of `startsAt`.
 */
export const detailColumns = (
  details: Partial<OpportunityDetails>,
  issues: DetailIssue[] = [],
): Partial<OpportunityRow> => {
  const out: Partial<OpportunityRow> = {};
  if (details.name !== undefined) out.name = details.name;
  if (details.description !== undefined) out.description = details.description;
  if (details.nonprofit !== undefined) out.nonprofit = details.nonprofit;
  if (details.address !== undefined) out.address = details.address;
  if (details.startsAt !== undefined) out.starts_at = details.startsAt;
  const eastern = details.startsAt ? instantToEastern(new Date(details.startsAt)) : null;
  if (details.date !== undefined) {
    if (isValidDate(details.date)) out.date = details.date;
    else {
      issues.push({ field: 'date', problem: `not a date: ${details.date}` });
      if (eastern) out.date = eastern.date;
    }
  }
  if (details.time !== undefined) {
    if (isValidTime(details.time)) out.time = normalizeTime(details.time);
    else {
      issues.push({ field: 'time', problem: `not a time: ${details.time}` });
      if (eastern) out.time = eastern.time;
    }
  }
  if (details.durationMinutes !== undefined) {
    out.duration_minutes = clampInt(details.durationMinutes, 1, MAX_INT4);
  }
  if (details.totalSlots !== undefined) out.total_slots = clampInt(details.totalSlots, 1, MAX_INT4);
  if (details.causes !== undefined) out.causes = [...new Set(details.causes)];
  if (details.tags !== undefined) out.tags = details.tags;
  if (details.qualifications !== undefined) out.qualifications = details.qualifications;
  if (details.visibility !== undefined) out.visibility = [...new Set(details.visibility)];
  if (details.redirectUrl !== undefined) out.redirect_url = details.redirectUrl;
  if (details.imageUrl !== undefined) out.image_url = details.imageUrl;
  return out;
};

/**
 * The row an OpportunityCreated starts (not yet attended, no one registered; clamped as
 * `detailColumns` says).
 */
export const newOpportunityRow = (
  d: EventOf<'OpportunityCreated'>['data'],
  issues: DetailIssue[] = [],
): OpportunityRow => {
  const columns = detailColumns(d, issues);
  return {
    id: d.opportunityId,
    name: d.name,
    description: d.description,
    nonprofit: d.nonprofit,
    address: d.address,
    date: columns.date ?? '',
    time: columns.time ?? '',
    starts_at: d.startsAt,
    duration_minutes: columns.duration_minutes ?? 1,
    total_slots: columns.total_slots ?? 1,
    causes: columns.causes ?? [],
    tags: d.tags,
    qualifications: d.qualifications,
    visibility: columns.visibility ?? [],
    redirect_url: d.redirectUrl,
    image_url: d.imageUrl,
    host_user_id: d.hostUserId,
    host_org_id: d.hostOrgId,
    approved: d.approved,
    deleted: false,
    attendance_marked: false,
    attendance_marked_at: null,
    created_at: d.createdAt,
    registered_count: 0,
  };
};

import { z } from 'zod';
import { DEFAULT_ORGANIZATION_TYPE, ORGANIZATION_TYPES } from '../domain/constants';
import { TEXT_LIMITS } from '../domain/limits';
import { idSchema, multiLineText, requiredText } from './common';

const description = multiLineText('Description', TEXT_LIMITS.organizationDescription);

const organizationType = z.enum(ORGANIZATION_TYPES, {
  error: 'Type must be one of the organization types',
});

/** POST /api/orgs. The host is the caller; `host_user_id` and `date_created` are ignored. */
export const createOrganizationSchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.organizationName),
  type: organizationType.default(DEFAULT_ORGANIZATION_TYPE),
  description: description.nullish().transform((s) => s ?? ''),
});
export type CreateOrganization = z.output<typeof createOrganizationSchema>;

/** PUT /api/orgs/{id}: approval (admins) and edits (admins and the host). */
export const updateOrganizationSchema = z
  .object({
    approved: z.boolean().optional(),
    name: requiredText('Name', TEXT_LIMITS.organizationName).optional(),
    type: organizationType.optional(),
    description: description.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type UpdateOrganization = z.output<typeof updateOrganizationSchema>;

/** POST /api/register-org and /api/unregister-org. */
export const membershipSchema = z.object({
  user_id: idSchema('user_id'),
  organization_id: idSchema('organization_id'),
});
export type Membership = z.output<typeof membershipSchema>;

/** Server messages of the organization commands (the user-facing texts live in `texts`). */
export const organizationMessages = {
  nameTaken: 'An organization with this name already exists.',
  onlyAdminsApprove: 'Only admins can approve or unapprove organizations.',
  onlyHostOrAdminEdits: "Only the organization's host or an admin can edit it.",
  onlyAdminsDelete: 'Only admins can delete organizations.',
  awaitingApproval:
    'This organization is awaiting approval; only its host or an admin can add members.',
} as const;

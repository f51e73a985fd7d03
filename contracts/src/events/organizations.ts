import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../domain/constants';

export const toOrganizationStreamId = (organizationId: string) => `organization-${organizationId}`;
/** Name uniqueness (case-insensitive); the name part is a hash of the lowercased, trimmed name. */
export const toOrganizationNameStreamId = (nameHash: string) => `organization-name-${nameHash}`;

const organizationType = z.enum(ORGANIZATION_TYPES);

export const organizationCreatedSchema = z.object({
  v: z.literal(1),
  organizationId: z.uuid(),
  name: z.string(),
  type: organizationType,
  description: z.string(),
  hostUserId: z.uuid(),
  approved: z.boolean(),
  createdAt: z.iso.datetime(),
});
export const organizationUpdatedSchema = z.object({
  v: z.literal(1),
  organizationId: z.uuid(),
  name: z.string().optional(),
  type: organizationType.optional(),
  description: z.string().optional(),
});
export const organizationApprovalChangedSchema = z.object({
  v: z.literal(1),
  organizationId: z.uuid(),
});
export const organizationDeletedSchema = z.object({ v: z.literal(1), organizationId: z.uuid() });
export const membershipChangedSchema = z.object({
  v: z.literal(1),
  organizationId: z.uuid(),
  userId: z.uuid(),
});

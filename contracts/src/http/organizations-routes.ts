import {
  createOrganizationSchema,
  membershipSchema,
  updateOrganizationSchema,
} from '../commands/organizations';
import { commandAckSchema } from '../queries/commands';
import {
  organizationDetailSchema,
  organizationListSchema,
  organizationSchema,
} from '../queries/organizations';
import { route } from './route';

/** Organizations: creating and editing them, joining and leaving, and the lists. */
export const organizationsRoutes = {
  createOrganization: route({
    method: 'POST',
    path: '/api/orgs',
    auth: 'user',
    body: createOrganizationSchema,
    response: organizationSchema,
  }),
  updateOrganization: route({
    method: 'PUT',
    path: '/api/orgs/:id',
    auth: 'user',
    body: updateOrganizationSchema,
    response: commandAckSchema,
  }),
  deleteOrganization: route({
    method: 'DELETE',
    path: '/api/orgs/:id',
    auth: 'admin',
    response: commandAckSchema,
  }),
  joinOrganization: route({
    method: 'POST',
    path: '/api/register-org',
    auth: 'user',
    body: membershipSchema,
    response: commandAckSchema,
  }),
  leaveOrganization: route({
    method: 'POST',
    path: '/api/unregister-org',
    auth: 'user',
    body: membershipSchema,
    response: commandAckSchema,
  }),
  listApprovedOrganizations: route({
    method: 'GET',
    path: '/api/orgs/approved',
    auth: 'user',
    response: organizationListSchema,
  }),
  listUnapprovedOrganizations: route({
    method: 'GET',
    path: '/api/orgs/unapproved',
    auth: 'admin',
    response: organizationListSchema,
  }),
  getOrganization: route({
    method: 'GET',
    path: '/api/orgs/:id',
    auth: 'user',
    response: organizationDetailSchema,
  }),
};

import { addApprovedEmailSchema } from '../commands/profile';
import { registerUserSchema } from '../commands/users';
import { commandAckSchema } from '../queries/commands';
import {
  approvedEmailCheckSchema,
  listUsersQuerySchema,
  protectedResponseSchema,
  registerUserResponseSchema,
  userEmailsSchema,
  userExistsSchema,
  userSchema,
  usersListSchema,
} from '../queries/users';
import { route } from './route';

/** Sign-in and registration, the approved emails, and the directory of users. */
export const usersRoutes = {
  checkApprovedEmail: route({
    method: 'GET',
    path: '/api/approved-emails/check/:address',
    auth: 'none',
    response: approvedEmailCheckSchema,
  }),
  addApprovedEmail: route({
    method: 'POST',
    path: '/api/approved-emails',
    auth: 'admin',
    body: addApprovedEmailSchema,
    response: commandAckSchema,
  }),
  checkUserExists: route({
    method: 'GET',
    path: '/api/users/check/:address',
    auth: 'token',
    response: userExistsSchema,
  }),
  getUserByEmail: route({
    method: 'GET',
    path: '/api/users/email/:address',
    auth: 'token',
    response: userSchema,
  }),
  protectedCheck: route({
    method: 'POST',
    path: '/api/protected',
    auth: 'token',
    response: protectedResponseSchema,
  }),
  registerUser: route({
    method: 'POST',
    path: '/api/users',
    auth: 'token',
    body: registerUserSchema,
    response: registerUserResponseSchema,
  }),
  listUsers: route({
    method: 'GET',
    path: '/api/users',
    auth: 'user',
    query: listUsersQuerySchema,
    response: usersListSchema,
  }),
  listUserEmails: route({
    method: 'GET',
    path: '/api/users/emails',
    auth: 'admin',
    response: userEmailsSchema,
  }),
};

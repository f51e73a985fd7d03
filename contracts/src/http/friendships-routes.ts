import { friendRequestSchema } from '../commands/friendships';
import { commandAckSchema } from '../queries/commands';
import {
  friendListSchema,
  friendshipsAllSchema,
  notificationsSchema,
} from '../queries/friendships';
import { route } from './route';

/** Friend requests and friends, and the notifications that show pending requests. */
export const friendshipsRoutes = {
  requestFriend: route({
    method: 'POST',
    path: '/api/users/:id/friends',
    auth: 'user',
    body: friendRequestSchema,
    response: commandAckSchema,
  }),
  acceptFriendRequest: route({
    method: 'PUT',
    path: '/api/friendships/:id/accept',
    auth: 'user',
    response: commandAckSchema,
  }),
  rejectFriendRequest: route({
    method: 'PUT',
    path: '/api/friendships/:id/reject',
    auth: 'user',
    response: commandAckSchema,
  }),
  removeFriend: route({
    method: 'DELETE',
    path: '/api/users/:id/friends/:friendId',
    auth: 'user',
    response: commandAckSchema,
  }),
  listFriendshipStatuses: route({
    method: 'GET',
    path: '/api/users/:id/friendships/all',
    auth: 'user',
    response: friendshipsAllSchema,
  }),
  listFriends: route({
    method: 'GET',
    path: '/api/users/:id/friends',
    auth: 'user',
    response: friendListSchema,
  }),
  getNotifications: route({
    method: 'GET',
    path: '/api/notifications',
    auth: 'user',
    response: notificationsSchema,
  }),
};

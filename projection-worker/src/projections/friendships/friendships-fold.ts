import { insertRows, type BulkFoldFactory } from '../bulk';

type FriendshipRow = {
  friendship_id: string;
  requester_id: string;
  recipient_id: string;
  status: 'pending' | 'friends';
  updated_at: string;
};

/** The friendships projection folded over the whole log: each pair's last event decides its row. */
export const friendshipsFold: BulkFoldFactory = () => {
  const rows = new Map<string, FriendshipRow>();
  return {
    fold({ event }) {
      switch (event.type) {
        case 'FriendRequested':
        case 'FriendRequestAccepted': {
          const d = event.data;
          rows.set(d.friendshipId, {
            friendship_id: d.friendshipId,
            requester_id: d.requesterId,
            recipient_id: d.recipientId,
            status: event.type === 'FriendRequested' ? 'pending' : 'friends',
            updated_at: d.at,
          });
          break;
        }
        case 'FriendRequestRejected':
        case 'FriendRemoved':
          rows.delete(event.data.friendshipId);
          break;
        default:
          break;
      }
    },
    async write(client) {
      await insertRows(
        client,
        'friendships',
        [
          ['friendship_id', 'text', (r) => r.friendship_id],
          ['requester_id', 'uuid', (r) => r.requester_id],
          ['recipient_id', 'uuid', (r) => r.recipient_id],
          ['status', 'text', (r) => r.status],
          ['updated_at', 'timestamptz', (r) => r.updated_at],
        ],
        [...rows.values()],
      );
    },
  };
};

import { insertRows } from '../bulk';
import { projectionOf, Rows, type ReadModel } from '../evolve';
import { asJson, touchesAny } from '../shared';

type FriendshipRow = {
  readonly friendship_id: string;
  readonly requester_id: string;
  readonly recipient_id: string;
  readonly status: 'pending' | 'friends';
  readonly updated_at: string;
};

export type FriendshipsState = { readonly friendships: Rows<FriendshipRow> };

/**
 * read.friendships: a row while a request is pending or accepted, none once it is rejected or the
 * friendship removed. Every friendship event names the whole pair, so a pair's last event decides
 * its row whatever the table held: the live path loads nothing and writes one delete and one
 * upsert per batch.
 */
export const friendshipsModel: ReadModel<FriendshipsState, true> = {
  name: 'friendships',
  tables: ['friendships'],
  reads: [],
  touched: touchesAny([
    'FriendRequested',
    'FriendRequestAccepted',
    'FriendRequestRejected',
    'FriendRemoved',
  ]),
  load: () => Promise.resolve({ friendships: new Rows() }),
  initial: () => ({ friendships: new Rows() }),

  evolve({ friendships }, { event }) {
    switch (event.type) {
      case 'FriendRequested':
      case 'FriendRequestAccepted': {
        const d = event.data;
        friendships.set(d.friendshipId, {
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
        friendships.delete(event.data.friendshipId);
        break;
      default:
        break;
    }
  },

  async write(client, { friendships }) {
    if (friendships.removed.size) {
      await client.query('DELETE FROM friendships WHERE friendship_id = ANY($1::text[])', [
        [...friendships.removed],
      ]);
    }
    const rows = friendships.changedRows();
    if (rows.length) {
      await client.query(
        `INSERT INTO friendships (friendship_id, requester_id, recipient_id, status, updated_at)
         SELECT r.friendship_id, r.requester_id, r.recipient_id, r.status, r.updated_at
           FROM json_to_recordset($1::json) AS r(friendship_id text, requester_id uuid,
                recipient_id uuid, status text, updated_at timestamptz)
         ON CONFLICT (friendship_id) DO UPDATE SET requester_id = EXCLUDED.requester_id,
            recipient_id = EXCLUDED.recipient_id, status = EXCLUDED.status,
            updated_at = EXCLUDED.updated_at`,
        [asJson(rows)],
      );
    }
  },

  async bulkWrite(client, { friendships }) {
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
      [...friendships.values()],
    );
  },
};

export const friendshipsProjection = projectionOf(friendshipsModel);

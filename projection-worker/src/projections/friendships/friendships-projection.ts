import type { Projection } from '../../projector/projection';
import { asJson } from '../shared';

type FriendshipRow = {
  friendship_id: string;
  requester_id: string;
  recipient_id: string;
  status: 'pending' | 'friends';
  updated_at: string;
};

/**
 * read.friendships: a row while a request is pending or accepted, none once it is rejected or the
 * friendship removed. Every friendship event names the whole pair, so the batch's last event per
 * pair decides the row: one upsert and one delete per batch.
 */
export const friendshipsProjection: Projection = {
  name: 'friendships',
  tables: ['friendships'],
  reads: [],
  async apply(client, events) {
    const final = new Map<string, FriendshipRow | null>();
    for (const { event } of events) {
      switch (event.type) {
        case 'FriendRequested':
        case 'FriendRequestAccepted': {
          const d = event.data;
          final.set(d.friendshipId, {
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
          final.set(event.data.friendshipId, null);
          break;
        default:
          break;
      }
    }
    if (!final.size) return;
    const gone = [...final].filter(([, row]) => row === null).map(([id]) => id);
    const rows = [...final.values()].filter((row) => row !== null);
    if (gone.length) {
      await client.query('DELETE FROM friendships WHERE friendship_id = ANY($1::text[])', [gone]);
    }
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
};

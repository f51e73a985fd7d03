import { randomUUID } from 'node:crypto';
import { friendshipIdOf } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import {
  friendAccepted,
  friendRejected,
  friendRemoved,
  friendRequested,
  memberJoined,
} from '../../testing/events';
import { liveBatch, projected, readModelSpec } from '../../testing/read-model-spec';
import { friendshipsModel, type FriendshipsState } from './friendships-read-model';

const ann = randomUUID();
const ben = randomUUID();
const cat = randomUUID();
const annBen = friendshipIdOf(ann, ben);
const annCat = friendshipIdOf(ann, cat);

const rows = (state: FriendshipsState) => [...state.friendships.values()];
const spec = readModelSpec(friendshipsModel);

describe('friendships read model', () => {
  it('holds a pending row for a request, naming both people', () => {
    spec
      .given()
      .when(friendRequested(ann, ben))
      .then(({ state, warnings }) => {
        expect(rows(state)).toEqual([
          {
            friendship_id: annBen,
            requester_id: ann,
            recipient_id: ben,
            status: 'pending',
            updated_at: '2026-03-02T15:00:00.000Z',
          },
        ]);
        expect(warnings).toEqual([]);
      });
  });

  it('turns the row to friends when the request is accepted', () => {
    spec
      .given(friendRequested(ann, ben), friendRequested(ann, cat))
      .when(friendAccepted(ann, ben))
      .then(({ state }) => {
        expect(rows(state).map((r) => [r.friendship_id, r.status])).toEqual([
          [annBen, 'friends'],
          [annCat, 'pending'],
        ]);
      });
  });

  it('removes the row when a request is rejected or a friendship removed, and marks it for deletion', () => {
    spec
      .given(friendRequested(ann, ben), friendAccepted(ann, ben), friendRequested(ann, cat))
      .when(friendRejected(ann, cat), friendRemoved(ann, ben, ben))
      .then(({ state }) => {
        expect(rows(state)).toEqual([]);
        expect([...state.friendships.removed].sort()).toEqual([annBen, annCat].sort());
      });
  });

  it('holds the pair again when it is requested after a removal, no longer to be deleted', () => {
    spec
      .given(friendRequested(ann, ben), friendAccepted(ann, ben), friendRemoved(ann, ben, ann))
      .when(friendRequested(ben, ann))
      .then(({ state }) => {
        expect(rows(state)).toMatchObject([
          { friendship_id: annBen, requester_id: ben, recipient_id: ann, status: 'pending' },
        ]);
        expect([...state.friendships.removed]).toEqual([]);
        expect([...state.friendships.changed]).toEqual([annBen]);
      });
  });

  it('lands on the same row when an event is delivered again', () => {
    const accepted = friendAccepted(ann, ben);
    spec.given(friendRequested(ann, ben), accepted).when(accepted).thenUnchanged(rows);
  });

  it('leaves other events alone, and a batch of them touches nothing', () => {
    const joined = memberJoined(randomUUID(), ann);
    spec.given(friendRequested(ann, ben)).when(joined).thenUnchanged(rows);
    expect(friendshipsModel.touched([projected(joined)])).toBeNull();
    expect(friendshipsModel.touched([projected(joined), projected(friendRejected(ann, ben))])).toBe(
      true,
    );
  });

  it('writes a batch as one delete and one upsert, reading nothing', async () => {
    const { sent } = await liveBatch(friendshipsModel, [
      friendRequested(ann, ben),
      friendRequested(ann, cat),
      friendRejected(ann, cat),
      friendAccepted(ann, ben),
    ]);
    expect(sent.map((s) => s.sql.trim().split(/\s+/, 1)[0])).toEqual(['DELETE', 'INSERT']);
    expect(sent[0]?.params).toEqual([[annCat]]);
    expect(JSON.parse(sent[1]?.params[0] as string)).toMatchObject([
      { friendship_id: annBen, status: 'friends' },
    ]);
  });
});

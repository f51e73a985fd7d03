import type { AppendResult } from '@campus/contracts';
import type { GroupMember } from './append-statement';

export type AppendGroups = {
  /** Appends `member`, alone or grouped with other appends waiting at the same time. */
  readonly append: (member: GroupMember) => Promise<AppendResult>;
};

/** An append waiting for its statement; the group sender settles it. */
export type PendingAppend = GroupMember & {
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
};

/**
 * Group commit for exact-revision appends. While fewer than `maxInFlight` append statements run,
 * an append is sent at once and alone (no added latency); beyond that appends wait, and each
 * statement that ends sends all that waited as one group (`sendGroup`: one statement, one commit,
 * each member with its own revision check). A group holds one append per stream, and a stream is
 * in at most one statement at a time, so appends to one stream keep their order and statements of
 * this process never wait on each other's stream rows.
 */
export const createAppendGroups = (options: {
  readonly maxInFlight: number;
  readonly maxGroupSize: number;
  readonly sendOne: (member: GroupMember) => Promise<AppendResult>;
  /** Settles every member: resolves or rejects each one. */
  readonly sendGroup: (members: readonly PendingAppend[]) => Promise<void>;
}): AppendGroups => {
  let waiting: PendingAppend[] = [];
  const busyStreams = new Set<string>();
  let inFlight = 0;

  const takeGroup = (): PendingAppend[] => {
    const group: PendingAppend[] = [];
    const streams = new Set<string>();
    const rest: PendingAppend[] = [];
    for (const member of waiting) {
      const free = !busyStreams.has(member.streamId) && !streams.has(member.streamId);
      if (free && group.length < options.maxGroupSize) {
        group.push(member);
        streams.add(member.streamId);
      } else rest.push(member);
    }
    waiting = rest;
    return group;
  };

  const send = async (group: readonly PendingAppend[]) => {
    const [only] = group;
    if (group.length === 1 && only) {
      await options.sendOne(only).then(only.resolve, only.reject);
      return;
    }
    await options.sendGroup(group).catch((error: unknown) => {
      for (const member of group) member.reject(error);
    });
  };

  const pump = () => {
    while (inFlight < options.maxInFlight && waiting.length) {
      const group = takeGroup();
      if (!group.length) return;
      inFlight++;
      for (const member of group) busyStreams.add(member.streamId);
      void send(group).finally(() => {
        inFlight--;
        for (const member of group) busyStreams.delete(member.streamId);
        pump();
      });
    }
  };

  return {
    append: (member) =>
      new Promise<AppendResult>((resolve, reject) => {
        waiting.push({ ...member, resolve, reject });
        pump();
      }),
  };
};

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
 * Group commit for exact-revision appends. Appends made while the process handles one round of
 * I/O (one turn of the event loop: the answers and requests that arrived together) are sent
 * together once that turn is over, as one statement and one commit (`sendGroup`: each member with
 * its own revision check); an append alone in its turn goes alone (`sendOne`). So a quiet process
 * sends each append at once, and a busy one, whose turns gather many, sends fewer statements and
 * commits, which is where the CPU of an append goes (the statement, its round trip, its commit),
 * instead of queuing them on connections. At most `maxInFlight` statements run; appends made
 * beyond that wait for one to end and go with the next group. A group holds one append per stream,
 * and a stream is in at most one statement at a time, so appends to one stream keep their order
 * and statements of this process never wait on each other's stream rows.
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

  let scheduled = false;
  const pump = () => {
    scheduled = false;
    while (inFlight < options.maxInFlight && waiting.length) {
      const group = takeGroup();
      if (!group.length) return;
      inFlight++;
      for (const member of group) busyStreams.add(member.streamId);
      void send(group).finally(() => {
        inFlight--;
        for (const member of group) busyStreams.delete(member.streamId);
        schedule();
      });
    }
  };
  // After the I/O callbacks of this turn, so every append they make goes in the same group.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  };

  return {
    append: (member) =>
      new Promise<AppendResult>((resolve, reject) => {
        waiting.push({ ...member, resolve, reject });
        schedule();
      }),
  };
};

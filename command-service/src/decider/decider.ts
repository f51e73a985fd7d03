import { randomUUID } from 'node:crypto';
import {
  toDomainEvent,
  WrongExpectedRevisionError,
  type AppendResult,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@campus/contracts';

/** A slice's decision logic as plain functions (Emmett style): no I/O, time passed in. */
export type Decider<State, Command> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: DomainEvent) => State;
  /** Returns the events the command causes, or throws an AppError saying why not. */
  readonly decide: (command: Command, state: State) => DomainEvent[];
};

export const foldStream = <State>(
  decider: Pick<Decider<State, unknown>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
): State => {
  let state = decider.initialState();
  for (const recorded of events) {
    const event = toDomainEvent(recorded);
    if (event) state = decider.evolve(state, event);
  }
  return state;
};

/** Commands on one stream run one at a time in this process, so a rush does not become a retry storm. */
const streamQueues = new Map<string, Promise<unknown>>();
const serialized = <T>(streamId: string, work: () => Promise<T>): Promise<T> => {
  const previous = streamQueues.get(streamId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  streamQueues.set(streamId, tail);
  void tail.then(() => {
    if (streamQueues.get(streamId) === tail) streamQueues.delete(streamId);
  });
  return run;
};

const MAX_ATTEMPTS = 8;
const jitter = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** attempt)));

export type CommandOutcome = {
  readonly events: readonly DomainEvent[];
  /** Null when the command decided nothing (an idempotent no-op). */
  readonly appended: AppendResult | null;
};

/**
 * Reads the stream, folds it, decides, and appends with the expected revision; on a conflict
 * (another process wrote first) it tries again, a bounded number of times with jitter.
 */
export const handleCommand = <State, Command>(options: {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<State, Command>;
  readonly command: Command;
  readonly metadata: EventMetadata;
}): Promise<CommandOutcome> =>
  serialized(options.streamId, async () => {
    const { store, streamId, decider, command, metadata } = options;
    for (let attempt = 0; ; attempt++) {
      const recorded = await store.readStream(streamId);
      const state = foldStream(decider, recorded);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, appended: null };
      const last = recorded.at(-1);
      try {
        const appended = await store.append(
          streamId,
          events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata })),
          { expectedRevision: last ? last.revision : 'no_stream' },
        );
        return { events, appended };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt + 1 >= MAX_ATTEMPTS)
          throw error;
        await jitter(attempt);
      }
    }
  });

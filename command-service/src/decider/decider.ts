import { randomUUID } from 'node:crypto';
import {
  eventSchemas,
  toDomainEvent,
  WrongExpectedRevisionError,
  type AppendResult,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@campus/contracts';

/**
 * A slice's decision logic as plain functions (Emmett style): no I/O, time passed in, over the
 * slice's own events. A stream may also hold events of other slices (check-ins on an
 * opportunity's stream): those are not the decider's and never reach its evolve.
 */
export type Decider<State, Command, Event extends DomainEvent> = {
  /** The types of `Event`, to tell the decider's events in a stream from the others. */
  readonly eventTypes: ReadonlySet<Event['type']>;
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  /** Returns the events the command causes, or throws an AppError saying why not. */
  readonly decide: (command: Command, state: State) => Event[];
};

/** A decider's event types, each named once: the record must list every type of `Event`. */
export const eventTypes = <Event extends DomainEvent>(
  types: Record<Event['type'], true>,
): ReadonlySet<Event['type']> => new Set(Object.keys(types) as Event['type'][]);

type Folds<State, Event extends DomainEvent> = Pick<
  Decider<State, unknown, Event>,
  'eventTypes' | 'initialState' | 'evolve'
>;

const isEventOf = <Event extends DomainEvent>(
  decider: Pick<Decider<unknown, unknown, Event>, 'eventTypes'>,
  event: DomainEvent | null,
): event is Event => event !== null && (decider.eventTypes as ReadonlySet<string>).has(event.type);

export const foldStream = <State, Event extends DomainEvent>(
  decider: Folds<State, Event>,
  events: readonly RecordedEvent[],
): State => {
  let state = decider.initialState();
  for (const recorded of events) {
    const event = toDomainEvent(recorded);
    if (isEventOf(decider, event)) state = decider.evolve(state, event);
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
 * The last state this process folded or wrote for a stream, per store and decider, with the
 * revision it stands for. A command first decides on it and appends expecting that revision:
 * the store refuses the append unless the stream is still exactly there, so an accepted append
 * was decided on the current state. Anything else (a conflict, a refusal, a no-op) is decided
 * again on the stream read afresh, so every answer rests on the stored stream as before.
 */
type Snapshot = { readonly state: unknown; readonly revision: bigint };
const MAX_SNAPSHOTS = 20_000;
const snapshotsByStore = new WeakMap<EventStore, WeakMap<object, Map<string, Snapshot>>>();
const snapshotsOf = (store: EventStore, decider: object): Map<string, Snapshot> => {
  let byDecider = snapshotsByStore.get(store);
  if (!byDecider) {
    byDecider = new WeakMap();
    snapshotsByStore.set(store, byDecider);
  }
  let snapshots = byDecider.get(decider);
  if (!snapshots) {
    snapshots = new Map();
    byDecider.set(decider, snapshots);
  }
  return snapshots;
};
const remember = (snapshots: Map<string, Snapshot>, streamId: string, snapshot: Snapshot) => {
  snapshots.delete(streamId);
  snapshots.set(streamId, snapshot);
  if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
};

/**
 * An event as every reader will see it: its data through JSON (as the store keeps it) and parsed
 * by its own schema. Every reader skips an event its schema refuses, so such an event is a bug
 * that is never appended: a loud 500 instead of an acknowledged command and a dead letter. Paths
 * only, no data. The parsed form is also what the remembered state evolves with, so one parse
 * serves both.
 */
const asStored = (event: DomainEvent): DomainEvent => {
  const parsed = eventSchemas[event.type].safeParse(JSON.parse(JSON.stringify(event.data)));
  if (!parsed.success)
    throw new Error(
      `${event.type} does not match its schema at ${parsed.error.issues
        .map((issue) => issue.path.join('.') || '(root)')
        .join(', ')}`,
    );
  return { type: event.type, data: parsed.data } as DomainEvent;
};

/** The events to append, each checked as a reader will read it, and the state after them. */
const prepare = <State, Event extends DomainEvent>(
  decider: Folds<State, Event>,
  state: State,
  events: readonly Event[],
  metadata: EventMetadata,
) => {
  let next = state;
  const appends = events.map((event) => {
    const stored = asStored(event);
    if (isEventOf(decider, stored)) next = decider.evolve(next, stored);
    return { eventId: randomUUID(), type: event.type, data: event.data, metadata };
  });
  return { appends, next };
};

type HandleOptions<State, Command, Event extends DomainEvent> = {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<State, Command, Event>;
  readonly metadata: EventMetadata;
} & (
  | { readonly command: Command }
  | {
      /**
       * Builds the command from the state it is decided on, for look-ups that depend on that state
       * (another stream's facts): made once per decision, so a remembered state saves the stream
       * read and a decision taken again on a fresh read gets look-ups of its own.
       */
      readonly commandOn: (state: State) => Promise<Command>;
    }
);

const commandFor = <State, Command, Event extends DomainEvent>(
  options: HandleOptions<State, Command, Event>,
  state: State,
): Command | Promise<Command> =>
  'commandOn' in options ? options.commandOn(state) : options.command;

/**
 * Decides on the remembered state and appends expecting its revision; null when that cannot
 * answer (nothing remembered, a refusal or no-op to confirm on a fresh read, another writer).
 */
const tryOnSnapshot = async <State, Command, Event extends DomainEvent>(
  options: HandleOptions<State, Command, Event>,
  snapshots: Map<string, Snapshot>,
): Promise<CommandOutcome | null> => {
  const { store, streamId, decider, metadata } = options;
  const snapshot = snapshots.get(streamId);
  if (!snapshot) return null;
  const command = await commandFor(options, snapshot.state as State);
  let events: Event[];
  try {
    events = decider.decide(command, snapshot.state as State);
  } catch {
    return null;
  }
  if (events.length === 0) return null;
  try {
    const { appends, next } = prepare(decider, snapshot.state as State, events, metadata);
    const appended = await store.append(streamId, appends, {
      expectedRevision: snapshot.revision,
    });
    remember(snapshots, streamId, { state: next, revision: appended.nextRevision });
    return { events, appended };
  } catch (error) {
    snapshots.delete(streamId);
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
};

/**
 * Decides and appends with the expected revision: first on the state this process remembers for
 * the stream, else on the stream read and folded; on a conflict (another process wrote first) it
 * tries again, a bounded number of times with jitter.
 */
export const handleCommand = <State, Command, Event extends DomainEvent>(
  options: HandleOptions<State, Command, Event>,
): Promise<CommandOutcome> =>
  serialized(options.streamId, async () => {
    const { store, streamId, decider, metadata } = options;
    const snapshots = snapshotsOf(store, decider);
    const fast = await tryOnSnapshot(options, snapshots);
    if (fast) return fast;
    for (let attempt = 0; ; attempt++) {
      const recorded = await store.readStream(streamId);
      const state = foldStream(decider, recorded);
      const last = recorded.at(-1);
      if (last) remember(snapshots, streamId, { state, revision: last.revision });
      const events = decider.decide(await commandFor(options, state), state);
      if (events.length === 0) return { events, appended: null };
      try {
        const { appends, next } = prepare(decider, state, events, metadata);
        const appended = await store.append(streamId, appends, {
          expectedRevision: last ? last.revision : 'no_stream',
        });
        remember(snapshots, streamId, { state: next, revision: appended.nextRevision });
        return { events, appended };
      } catch (error) {
        snapshots.delete(streamId);
        if (!(error instanceof WrongExpectedRevisionError) || attempt + 1 >= MAX_ATTEMPTS)
          throw error;
        await jitter(attempt);
      }
    }
  });

import { toDomainEvent, type RecordedEvent } from '@campus/contracts';
import { createLogger, type Logger, type PoolClient } from '@campus/infra';
import { expect } from 'vitest';
import type { ProjectedEvent, ProjectionContext } from '../projector/projection';
import { projectionOf, type ReadModel } from '../projections/evolve';
import type { TestEvent } from './events';

export { eventOf } from './events';

/** What a read model's `then` sees: its rows by table after given and when, and the warnings. */
export type Outcome<State> = {
  readonly state: State;
  readonly warnings: readonly string[];
};

let sequence = 0n;

/** A test event, optionally at a given revision of its stream (0 when not given). */
export type SpecEvent = TestEvent & { readonly revision?: bigint };

/** `test` recorded at `revision` of its stream (what orders a waitlist, numbers a feed...). */
export const atRevision = (test: TestEvent, revision: bigint): SpecEvent => ({ ...test, revision });

/** A test event as the projector receives it: recorded at the next position, parsed. */
export const projected = (test: SpecEvent): ProjectedEvent => {
  sequence += 1n;
  const recorded: RecordedEvent = {
    eventId: test.event.eventId,
    streamId: test.stream,
    revision: test.revision ?? 0n,
    position: { txn: 1n, seq: sequence },
    type: test.event.type,
    data: test.event.data,
    metadata: test.event.metadata,
    recordedAt: test.event.metadata.occurredAt,
  };
  const event = toDomainEvent(recorded);
  if (!event) throw new Error(`test event ${test.event.type} does not parse`);
  return { recorded, event };
};

const recordingLogger = (warnings: string[]): Logger => {
  const logger = createLogger('read-model-spec', 'silent');
  logger.warn = (...args: unknown[]) => {
    const message = args.find((a) => typeof a === 'string');
    warnings.push(message ?? 'warning');
  };
  return logger;
};

/** A projection context for a read model's writes in a test: no vault, warnings kept quiet. */
export const specContext = (context: Partial<ProjectionContext> = {}): ProjectionContext => ({
  vault: undefined as never,
  logger: recordingLogger([]),
  ...context,
});

/**
 * Given/when/then over a read model's pure evolve, in the manner of Emmett's projection
 * specifications: `given` events already evolved, `when` the events under test, `then` checks
 * the rows held. No database: the same evolve runs in the live projector and the replay.
 *
 *   readModelSpec(friendshipsModel)
 *     .given(friendRequested(a, b))
 *     .when(friendAccepted(a, b))
 *     .then(({ state }) => expect([...state.friendships.values()]).toMatchObject([...]));
 */
export const readModelSpec = <State, Keys>(
  model: ReadModel<State, Keys>,
  context: Partial<ProjectionContext> = {},
) => ({
  given: (...given: SpecEvent[]) => ({
    when: (...when: SpecEvent[]) => {
      const run = (events: readonly SpecEvent[]): Outcome<State> => {
        const warnings: string[] = [];
        const full: ProjectionContext = {
          vault: undefined as never,
          logger: recordingLogger(warnings),
          ...context,
        };
        const state = model.initial();
        for (const event of events) model.evolve(state, projected(event), full);
        return { state, warnings };
      };
      return {
        then: (check: (outcome: Outcome<State>) => void) => {
          check(run([...given, ...when]));
        },
        /** The when events leave the rows exactly as the given events left them. */
        thenUnchanged: (rows: (state: State) => unknown) => {
          expect(rows(run([...given, ...when]).state)).toEqual(rows(run(given).state));
        },
      };
    },
  }),
});

/** A statement a read model's write sent: its SQL and its parameters. */
export type SentStatement = { readonly sql: string; readonly params: readonly unknown[] };

/**
 * A stand-in for the batch's database client, for checking a read model's `write` and `load`
 * without a database: it keeps every statement sent and answers each with the rows `answer`
 * gives for it (none by default).
 */
export const recordingClient = (
  answer: (statement: SentStatement) => readonly object[] = () => [],
): { readonly client: PoolClient; readonly sent: SentStatement[] } => {
  const sent: SentStatement[] = [];
  const query = (sql: string, params: readonly unknown[] = []) => {
    const statement = { sql, params };
    sent.push(statement);
    const rows = answer(statement);
    return Promise.resolve({ rows, rowCount: rows.length });
  };
  return { client: { query } as unknown as PoolClient, sent };
};

/**
 * One batch of `events` through a read model's live path (touched, load, evolve, write) on a
 * recording client: the statements it sent, in order, and the warnings it logged. `answer` gives
 * the rows the load reads (none by default: an empty table).
 */
export const liveBatch = async <State, Keys>(
  model: ReadModel<State, Keys>,
  events: readonly SpecEvent[],
  options: {
    readonly answer?: (statement: SentStatement) => readonly object[];
    readonly context?: Partial<ProjectionContext>;
  } = {},
): Promise<{ readonly sent: readonly SentStatement[]; readonly warnings: readonly string[] }> => {
  const { client, sent } = recordingClient(options.answer);
  const warnings: string[] = [];
  await projectionOf(model).apply(client, events.map(projected), {
    vault: undefined as never,
    logger: recordingLogger(warnings),
    ...options.context,
  });
  return { sent, warnings };
};

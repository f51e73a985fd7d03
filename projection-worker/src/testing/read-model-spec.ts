import { toDomainEvent, type RecordedEvent } from '@campus/contracts';
import { createLogger, type Logger } from '@campus/infra';
import { expect } from 'vitest';
import type { ProjectedEvent, ProjectionContext } from '../projector/projection';
import type { ReadModel } from '../projections/evolve';
import type { TestEvent } from './events';

/** What a read model's `then` sees: its rows by table after given and when, and the warnings. */
export type Outcome<State> = {
  readonly state: State;
  readonly warnings: readonly string[];
};

let sequence = 0n;

/** A test event as the projector receives it: recorded at the next position, parsed. */
export const projected = (test: TestEvent): ProjectedEvent => {
  sequence += 1n;
  const recorded: RecordedEvent = {
    eventId: test.event.eventId,
    streamId: test.stream,
    revision: 0n,
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
  logger.warn = ((...args: unknown[]) => {
    const message = args.find((a) => typeof a === 'string');
    warnings.push(message ?? 'warning');
  });
  return logger;
};

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
  given: (...given: TestEvent[]) => ({
    when: (...when: TestEvent[]) => {
      const run = (events: readonly TestEvent[]): Outcome<State> => {
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

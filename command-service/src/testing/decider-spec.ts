import { expect } from 'vitest';
import { eventSchemas, isEventType } from '@campus/contracts';

/** What a specification needs of a decider: its initial state, its evolve and its decide. */
type SpecifiedDecider<State, Command, Event, Decision> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => Decision;
};

type ErrorClass<E extends Error> = new (...args: never[]) => E;

type DeciderThen<Decision> = {
  /** The decision equals `expected`, or passes the assertions of `check`. */
  then: (expected: Decision | ((decision: Decision) => void)) => void;
  /** The command decides nothing: no events (or a null decision). */
  thenNothingHappened: () => void;
  /**
   * The command is refused with an error of `kind`, with exactly `message` (or one matching it),
   * and passing `check` when given.
   */
  thenThrows: <E extends Error>(
    kind: ErrorClass<E>,
    message?: string | RegExp,
    check?: (error: E) => void,
  ) => void;
  /** The decision itself, for a history that continues with what an earlier command decided. */
  decided: () => Decision;
};

type DeciderSpecification<Command, Event, Decision> = {
  readonly given: (events?: readonly Event[]) => {
    readonly when: (command: Command) => DeciderThen<Decision>;
  };
};

/**
 * Decided events must be readable: each matches its contracts schema, as the event store's append
 * requires (a decision the store would refuse fails the specification).
 */
const assertReadable = (decision: unknown) => {
  if (!Array.isArray(decision)) return;
  for (const event of decision as unknown[]) {
    const { type, data } = event as { type: string; data: unknown };
    if (isEventType(type)) eventSchemas[type].parse(data);
  }
};

/**
 * Given / when / then over a pure decider, in the style of Emmett's DeciderSpecification: the given
 * events are folded with the decider's evolve from its initial state, the command is decided on
 * that state, and the outcome is compared.
 *
 * `deciderSpec(friendshipDecider).given([requested]).when(accept).then([accepted])`
 */
export const deciderSpec = <State, Command, Event, Decision>(
  decider: SpecifiedDecider<State, Command, Event, Decision>,
): DeciderSpecification<Command, Event, Decision> => ({
  given: (events = []) => ({
    when: (command) => {
      const decide = () =>
        decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      const decided = () => {
        const decision = decide();
        assertReadable(decision);
        return decision;
      };
      return {
        then: (expected) => {
          const decision = decided();
          if (typeof expected === 'function') (expected as (decision: Decision) => void)(decision);
          else expect(decision).toEqual(expected);
        },
        thenNothingHappened: () => {
          const decision = decided();
          if (Array.isArray(decision)) expect(decision).toEqual([]);
          else expect(decision).toBeNull();
        },
        thenThrows: <E extends Error>(
          kind: ErrorClass<E>,
          message?: string | RegExp,
          check?: (error: E) => void,
        ) => {
          let decision: Decision;
          try {
            decision = decide();
          } catch (error) {
            expect(error).toBeInstanceOf(kind);
            const refusal = error as E;
            if (typeof message === 'string') expect(refusal.message).toBe(message);
            else if (message) expect(refusal.message).toMatch(message);
            check?.(refusal);
            return;
          }
          expect.fail(
            `expected a ${kind.name}, but the command decided ${JSON.stringify(decision)}`,
          );
        },
        decided,
      };
    },
  }),
});

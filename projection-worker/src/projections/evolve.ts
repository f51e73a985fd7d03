import type { PoolClient } from '@campus/infra';
import type {
  BulkFoldFactory,
  ProjectedEvent,
  Projection,
  ProjectionContext,
} from '../projector/projection';

/**
 * The rows of one read table held in memory by key, with what an evolve changed: the live path
 * writes back only `changed` and `removed`; a replay writes every row it holds.
 */
export class Rows<R> {
  readonly #rows = new Map<string, R>();
  /** Keys whose row was set or edited since loading. */
  readonly changed = new Set<string>();
  /** Keys whose row was deleted since loading (deleted rows the table may hold). */
  readonly removed = new Set<string>();

  constructor(loaded: Iterable<readonly [string, R]> = []) {
    for (const [key, row] of loaded) this.#rows.set(key, row);
  }

  get(key: string): R | undefined {
    return this.#rows.get(key);
  }

  has(key: string): boolean {
    return this.#rows.has(key);
  }

  /** Puts a new or replaced row. */
  set(key: string, row: R): void {
    this.#rows.set(key, row);
    this.changed.add(key);
    this.removed.delete(key);
  }

  /** Marks a row edited in place as changed. */
  touch(key: string): void {
    if (this.#rows.has(key)) this.changed.add(key);
  }

  delete(key: string): void {
    if (this.#rows.delete(key)) this.changed.delete(key);
    this.removed.add(key);
  }

  /** Every row held, in the order first set or loaded. */
  values(): IterableIterator<R> {
    return this.#rows.values();
  }

  /** The rows set or edited since loading. */
  changedRows(): R[] {
    return [...this.changed].flatMap((key) => {
      const row = this.#rows.get(key);
      return row === undefined ? [] : [row];
    });
  }

  get size(): number {
    return this.#rows.size;
  }
}

/**
 * One read model written as a single pure evolve over its rows in memory (docs/architecture.md,
 * "One evolve per read model"). The live projector loads the rows a batch touches, evolves them
 * event by event and writes back what changed; a replay evolves the whole log from no rows and
 * bulk-inserts what it holds. Both go through `evolve`, so they cannot disagree.
 */
export type ReadModel<State, Keys> = {
  readonly name: string;
  /** The read tables it writes (a replay rebuilds these). */
  readonly tables: readonly string[];
  /**
   * The tables a replay fills from empty (loaded without their indexes, indexed afterwards): all
   * of `tables` unless it names fewer (a table whose rows another read model creates).
   */
  readonly loads?: readonly string[];
  /** Read tables it reads but others write: replaying it replays their writers too. */
  readonly reads: readonly string[];
  /** The rows a batch touches (what the live path loads), or null when it touches none. */
  touched(events: readonly ProjectedEvent[]): Keys | null;
  /** The touched rows that exist, read inside the batch's transaction. */
  load(client: PoolClient, keys: Keys): Promise<State>;
  /** No rows: where a replay starts. */
  initial(): State;
  /**
   * Applies one event to the rows in `state`. No I/O: it changes the state it is given and
   * nothing else (a warning for bad data goes to `context.logger`). Bad data is skipped or
   * clamped, never thrown.
   */
  evolve(state: State, event: ProjectedEvent, context: ProjectionContext): void;
  /** Live: writes the changed and removed rows back; writing twice lands on the same rows. */
  write(client: PoolClient, state: State, context: ProjectionContext): Promise<void>;
  /** Replay: inserts every row held into the empty tables. */
  bulkWrite(client: PoolClient, state: State, context: ProjectionContext): Promise<void>;
};

/** A replay's fold of a read model: every event evolved into one state, written once. */
export const foldOf =
  <State, Keys>(model: ReadModel<State, Keys>): BulkFoldFactory =>
  (context) => {
    const state = model.initial();
    return {
      fold(event) {
        model.evolve(state, event, context);
      },
      write: (client) => model.bulkWrite(client, state, context),
    };
  };

/** The live projection of a read model: load what the batch touches, evolve, write back. */
export const projectionOf = <State, Keys>(model: ReadModel<State, Keys>): Projection => ({
  name: model.name,
  tables: model.tables,
  reads: model.reads,
  bulk: { create: foldOf(model), loads: model.loads ?? model.tables },
  async apply(client, events, context) {
    const keys = model.touched(events);
    if (keys === null) return;
    const state = await model.load(client, keys);
    for (const event of events) model.evolve(state, event, context);
    await model.write(client, state, context);
  },
});

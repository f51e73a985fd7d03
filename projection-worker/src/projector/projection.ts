import type {
  DomainEvent,
  GlobalPosition,
  RecordedEvent,
  ScoringOverrides,
} from '@campus/contracts';
import type { Logger, PersonalDataVault, PoolClient } from '@campus/infra';

/** A stored event with its payload parsed against the current schema. */
export type ProjectedEvent = { readonly recorded: RecordedEvent; readonly event: DomainEvent };

export type ProjectionContext = {
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  /** The first day points count on monthly boards (LAUNCH_DATE); defaults to the product's. */
  readonly launchDate?: string;
  /**
   * A scoring preview's draft (bonus, badge thresholds, the logged hours rule); absent in the
   * live projector, which uses the contracts' SCORING_DEFAULTS, the bonus recorded on each
   * attendance and the rule the log's LoggedHoursScoringChanged events set.
   */
  readonly scoring?: ScoringOverrides;
};

/**
 * One read model. `apply` runs inside the batch's transaction (with the checkpoint); it must be
 * idempotent and must not throw for bad data: it skips or clamps, and logs.
 */
export type Projection = {
  readonly name: string;
  /** The read tables it writes (a replay rebuilds these). */
  readonly tables: readonly string[];
  /** Read tables it reads but others write: replaying it replays their writers too. */
  readonly reads: readonly string[];
  apply(
    client: PoolClient,
    events: readonly ProjectedEvent[],
    context: ProjectionContext,
  ): Promise<void>;
  /**
   * For a projection computed from other projections' rows alone: writes its whole table from
   * them in one go. A replay then skips `apply` while it rebuilds and calls this once at the end.
   */
  rebuild?(client: PoolClient, context: ProjectionContext): Promise<void>;
  /**
   * For a read model with one evolve (projections/evolve.ts): a replay folds the whole log through
   * it in memory and bulk-inserts `loads` (filled from empty, indexed afterwards) once.
   */
  bulk?: BulkRebuild;
};

/**
 * A read model's rebuild from the first event into its empty tables, in two steps: `fold` takes
 * every event in log order and keeps the rows in memory (through the same evolve as the live
 * path), then `write` inserts each table once, in big statements.
 */
export type BulkFold = {
  fold(event: ProjectedEvent): void;
  /**
   * Inserts the folded rows into the empty tables (search_path is the shadow's); each statement
   * commits on its own, so none holds a long write transaction open.
   */
  write(client: PoolClient): Promise<void>;
};

export type BulkFoldFactory = (context: ProjectionContext) => BulkFold;

export type BulkRebuild = {
  readonly create: BulkFoldFactory;
  /** The tables it fills from empty (a replay loads them without their indexes, then indexes them). */
  readonly loads: readonly string[];
};

export type BatchResult = { readonly last: GlobalPosition; readonly count: number };

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
   * A scoring preview's draft (bonus, badge thresholds); absent in the live projector, which
   * uses the contracts' SCORING_DEFAULTS and the bonus recorded on each attendance.
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
};

export type BatchResult = { readonly last: GlobalPosition; readonly count: number };

import type { GlobalPosition } from '../event-store/event-store';
import { formatPosition, parsePosition } from '../event-store/position';

/**
 * Read-your-writes. Every command answer carries a consistency token in this header naming the
 * position it wrote; clients send the newest token they hold on later reads, and the query service
 * waits (at most READ_YOUR_WRITES_WAIT_MS) until the projections' visible checkpoint has passed it.
 */
export const CONSISTENCY_TOKEN_HEADER = 'x-consistency-token';
/** Set by the query service on reads that carried a token: 'fresh', or 'stale' when it gave up. */
export const CONSISTENCY_STATUS_HEADER = 'x-consistency';
export const READ_YOUR_WRITES_WAIT_MS = 2_000;

const TOKEN_PREFIX = 'v1.';

export const encodeConsistencyToken = (position: GlobalPosition): string =>
  TOKEN_PREFIX + formatPosition(position);

export const decodeConsistencyToken = (token: string): GlobalPosition | null =>
  token.startsWith(TOKEN_PREFIX) ? parsePosition(token.slice(TOKEN_PREFIX.length)) : null;

/** The newer of two tokens (clients keep only the newest); unreadable tokens lose. */
export const newestConsistencyToken = (a: string | null, b: string | null): string | null => {
  const pa = a ? decodeConsistencyToken(a) : null;
  const pb = b ? decodeConsistencyToken(b) : null;
  if (!pa) return pb ? b : null;
  if (!pb) return a;
  if (pa.txn !== pb.txn) return pa.txn > pb.txn ? a : b;
  return pa.seq >= pb.seq ? a : b;
};

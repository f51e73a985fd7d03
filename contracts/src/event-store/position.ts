import type { GlobalPosition } from './event-store';

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): -1 | 0 | 1 => {
  if (a.txn !== b.txn) return a.txn < b.txn ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
};

export const maxPosition = (a: GlobalPosition, b: GlobalPosition): GlobalPosition =>
  comparePositions(a, b) >= 0 ? a : b;

/** Text form used in checkpoints and consistency tokens: `<txn>.<seq>`. */
export const formatPosition = (p: GlobalPosition): string =>
  `${p.txn.toString()}.${p.seq.toString()}`;

const POSITION_PATTERN = /^(\d{1,20})\.(\d{1,20})$/;

export const parsePosition = (text: string): GlobalPosition | null => {
  const match = POSITION_PATTERN.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { txn: BigInt(match[1]), seq: BigInt(match[2]) };
};

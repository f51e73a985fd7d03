import { createHash } from 'node:crypto';

/** The stable, non-reversible name part for reservation streams (lowercased, trimmed input). */
export const reservationHash = (value: string): string =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 40);

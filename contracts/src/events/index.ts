import type { z } from 'zod';
import { adminGrantedSchema, approvedEmailAddedSchema, userRegisteredSchema } from './users';
import { reservationClaimedSchema, reservationReleasedSchema } from './reservations';

export * from './personal-data';
export * from './users';
export * from './reservations';

/** Every event type of the product and its current payload schema. */
export const eventSchemas = {
  UserRegistered: userRegisteredSchema,
  ReservationClaimed: reservationClaimedSchema,
  ReservationReleased: reservationReleasedSchema,
  ApprovedEmailAdded: approvedEmailAddedSchema,
  AdminGranted: adminGrantedSchema,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A decided event before it is stored: its type and payload. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export const isEventType = (type: string): type is EventType => type in eventSchemas;

/** A stored event as its typed domain event; null for unknown types and payloads that fail the schema. */
export const toDomainEvent = (stored: {
  readonly type: string;
  readonly data: unknown;
}): DomainEvent | null => {
  if (!isEventType(stored.type)) return null;
  const parsed = eventSchemas[stored.type].safeParse(stored.data);
  return parsed.success ? ({ type: stored.type, data: parsed.data } as DomainEvent) : null;
};

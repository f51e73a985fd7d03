import type { z } from 'zod';
import {
  adminGrantedSchema,
  approvedEmailAddedSchema,
  emailReleasedSchema,
  emailReservedSchema,
  userRegisteredSchema,
} from './users';

export * from './personal-data';
export * from './users';

/** Every event type of the product and its current payload schema. */
export const eventSchemas = {
  UserRegistered: userRegisteredSchema,
  EmailReserved: emailReservedSchema,
  EmailReleased: emailReleasedSchema,
  ApprovedEmailAdded: approvedEmailAddedSchema,
  AdminGranted: adminGrantedSchema,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A decided event before it is stored: its type and payload. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export const isEventType = (type: string): type is EventType => type in eventSchemas;

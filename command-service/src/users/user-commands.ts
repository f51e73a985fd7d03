import { randomUUID } from 'node:crypto';
import {
  isUniversityEmail,
  texts,
  toApprovedEmailStreamId,
  toEmailReservationStreamId,
  toUserStreamId,
  type EventMetadata,
  type ProductConfig,
  type RegisterUser,
  type User,
  type UserPersonalData,
  type UserRegistered,
} from '@campus/contracts';
import { reservationHash, type TokenIdentity } from '@campus/infra';
import { foldStream, handleCommand, type CommandOutcome } from '../decider/decider';
import { reservationDecider } from '../decider/reservation-decider';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { CommandDeps } from '../http/context';
import { ALREADY_REGISTERED, approvedEmailDecider, userDecider } from './user-decider';

/**
 * Registration: university addresses are approved automatically,
 * any other must be on the approved list. The email comes from the verified token.
 */
export const registerUser = async (
  deps: CommandDeps,
  identity: TokenIdentity,
  body: RegisterUser,
  metadata: EventMetadata,
): Promise<{ user: User; outcomes: CommandOutcome[] }> => {
  const email = identity.email;
  if (!email) throw new UnauthorizedError(texts.register.noAuthUser);
  const emailHash = reservationHash(email);
  if (!(await isApproved(deps, email, emailHash, deps.config))) {
    throw new ForbiddenError(texts.signInErrors.notApproved(deps.config.SUPPORT_EMAIL));
  }

  // Claim the email for a user id. A reservation left by a registration that died before its
  // user stream was written is completed with the same id rather than blocking the person forever.
  const reservationStream = toEmailReservationStreamId(emailHash);
  const existing = foldStream(reservationDecider, await deps.store.readStream(reservationStream));
  const userId = existing.ownerId ?? randomUUID();
  const outcomes: CommandOutcome[] = [];
  outcomes.push(
    await handleCommand({
      store: deps.store,
      streamId: reservationStream,
      decider: reservationDecider,
      command: { type: 'Claim', ownerId: userId, takenMessage: ALREADY_REGISTERED },
      metadata: { ...metadata, actorUserId: userId },
    }),
  );

  const personal: UserPersonalData = {
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    phone: body.phone,
    gender: body.gender,
    birthday: body.birthday,
  };
  const registeredAt = deps.clock.now().toISOString();
  const registration: UserRegistered = {
    v: 1,
    userId,
    emailHash,
    personal: await deps.vault.seal(userId, personal),
    admin: deps.config.ADMIN_EMAILS.includes(email),
    carSeats: body.carSeats,
    graduationYear: body.graduationYear,
    academicLevel: body.academicLevel,
    major: body.major,
    registeredAt,
  };
  outcomes.push(
    await handleCommand({
      store: deps.store,
      streamId: toUserStreamId(userId),
      decider: userDecider,
      command: { type: 'RegisterUser', registration },
      metadata: { ...metadata, actorUserId: userId },
    }),
  );

  const user: User = {
    id: userId,
    name: `${personal.firstName} ${personal.lastName}`,
    first_name: personal.firstName,
    last_name: personal.lastName,
    email,
    phone: personal.phone,
    profile_image: null,
    interests: [],
    bio: null,
    admin: registration.admin,
    gender: personal.gender,
    birthday: personal.birthday,
    graduation_year: registration.graduationYear,
    academic_level: registration.academicLevel,
    major: registration.major,
    points: 0,
    car_seats: registration.carSeats,
    registration_date: registeredAt,
    friends: [],
    organizations: [],
    organizationIds: [],
  };
  return { user, outcomes };
};

const isApproved = async (
  deps: CommandDeps,
  email: string,
  emailHash: string,
  config: ProductConfig,
) => {
  if (isUniversityEmail(email, config.UNIVERSITY_DOMAIN)) return true;
  const events = await deps.store.readStream(toApprovedEmailStreamId(emailHash));
  return foldStream(approvedEmailDecider, events).approved;
};

const approvedEmailSubject = (emailHash: string) => `email:${emailHash}`;

/** POST /api/approved-emails (admins): the address may then register (see registerUser). */
export const addApprovedEmail = async (
  deps: CommandDeps,
  email: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const emailHash = reservationHash(email);
  return handleCommand({
    store: deps.store,
    streamId: toApprovedEmailStreamId(emailHash),
    decider: approvedEmailDecider,
    command: {
      type: 'AddApprovedEmail',
      emailHash,
      personal: await deps.vault.seal(approvedEmailSubject(emailHash), { email }),
    },
    metadata,
  });
};

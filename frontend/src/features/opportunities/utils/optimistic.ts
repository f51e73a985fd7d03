import { CARD_AVATAR_LIMIT, slotsLeft, type OpportunityDetail, type User } from '@campus/contracts';

/** The detail as it will look once the server has the signup of `user` (optimistic update). */
export const withSignup = (detail: OpportunityDetail, user: User): OpportunityDetail => {
  if (detail.is_registered) return detail;
  const registered = detail.registered_count + 1;
  const attendee = { id: user.id, name: user.name, profile_image: user.profile_image };
  const preview =
    detail.attendee_preview.length < CARD_AVATAR_LIMIT
      ? [...detail.attendee_preview, attendee]
      : detail.attendee_preview;
  return {
    ...detail,
    is_registered: true,
    registered_count: registered,
    attendee_count: detail.attendee_count + 1,
    slots_left: slotsLeft(detail.total_slots, registered),
    attendee_preview: preview,
    attendee_more: detail.attendee_count + 1 - preview.length,
    involved_users: [
      ...detail.involved_users,
      {
        ...attendee,
        organizationIds: user.organizationIds,
        registered: true,
        attended: false,
      },
    ],
  };
};

/** The detail as it will look once the server has the unregistration of `userId`. */
export const withoutSignup = (detail: OpportunityDetail, userId: string): OpportunityDetail => {
  if (!detail.is_registered) return detail;
  const registered = Math.max(0, detail.registered_count - 1);
  const preview = detail.attendee_preview.filter((a) => a.id !== userId);
  const count = Math.max(0, detail.attendee_count - 1);
  return {
    ...detail,
    is_registered: false,
    registered_count: registered,
    attendee_count: count,
    slots_left: slotsLeft(detail.total_slots, registered),
    attendee_preview: preview,
    attendee_more: Math.max(0, count - preview.length),
    involved_users: detail.involved_users.filter((u) => u.id !== userId),
  };
};

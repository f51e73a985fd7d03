import { FIRST_SIGNUP_BONUS_POINTS } from '../domain/constants';
import { opportunityMessages } from '../domain/opportunity-rules';

const count = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/**
 * User-facing texts of the opportunities screens (Events list, detail, My Opportunities), in the
 * product's words where it fixes them. The Events title, subtitle, create button and empty text are
 * `texts.events`; 'Opportunity not found.' is `texts.notFound.opportunity`.
 */
export const opportunityTexts = {
  list: {
    filters: 'Filters',
    search: 'Search opportunities',
    searchPlaceholder: 'Name, description or nonprofit',
    cause: 'Cause',
    allCauses: 'All causes',
    from: 'From',
    to: 'To',
    openSlotsOnly: 'Open slots only',
    clearFilters: 'Clear filters',
    dateRangeInvalid: 'The end date must not be before the start date.',
    loading: 'Loading opportunities...',
    results: (n: number) => count(n, 'opportunity', 'opportunities'),
    showMore: 'Show more',
  },
  card: {
    points: (n: number) => count(n, 'point', 'points'),
    slotsLeft: (n: number) => (n > 0 ? count(n, 'slot left', 'slots left') : 'Full'),
    moreAttendees: (n: number) => `+${String(n)}`,
    attendees: (n: number) => count(n, 'attendee', 'attendees'),
    registered: 'Signed Up ✓',
    pendingApproval: 'Pending approval',
    privateEvent: 'Private',
  },
  detail: {
    youAreTheHost: 'You are the host',
    adminView: 'Admin View',
    nonprofit: 'Nonprofit',
    hostOrganization: 'Host organization',
    backToEvents: 'Back to Events',
    loading: 'Loading opportunity...',
    about: 'About this opportunity',
    participants: 'Participants',
    participantCount: (registered: number, total: number) =>
      `${String(registered)} / ${String(total)}`,
    noParticipants: 'No one has signed up yet.',
    availableSlots: (n: number) => `Available slots: ${String(n)}`,
    noSlotsAvailable: 'No Slots Available',
    announcements: 'Announcements',
    noAnnouncements: 'No announcements yet.',
    postedByHost: 'Posted by host',
    date: 'Date',
    time: 'Time',
    slots: 'Slots',
    slotsRemaining: (n: number) => count(n, 'slot remaining', 'slots remaining'),
    points: 'Points',
    pointsValue: (n: number) => count(n, 'point', 'points'),
    firstSignupBonus: `Be the first to sign up! +${String(FIRST_SIGNUP_BONUS_POINTS)} bonus points`,
    startsIn: (timeLeft: string) => `Starts in ${timeLeft}`,
    location: 'Location',
    noLocation: 'Location to be announced',
    openInMaps: 'Open in Google Maps',
    causes: 'Causes',
    tags: 'Tags',
    qualifications: 'Qualifications',
    contactHost: 'Contact Host',
    email: 'Email',
    phone: 'Phone',
    phoneAfterSignup: 'The host’s phone number is shown once you are signed up.',
    topOrganizations: 'Top Attending Organizations',
    organizationAttendees: (n: number) => count(n, 'attendee', 'attendees'),
    opensInNewTab: '(opens in a new tab)',
  },
  signup: {
    signUpNow: 'Sign Up Now',
    signUp: 'Sign Up',
    signUpExternally: 'Sign Up Externally',
    signedUp: 'Signed Up ✓',
    eventFull: 'Event Full',
    noSlotsAvailable: 'No Slots Available',
    unregistrationClosed: (timeLeft: string) => `Unregistration Closed (${timeLeft})`,
    unregistrationClosedWarning: opportunityMessages.unregistrationClosed,
    eventAlreadyStarted: 'Event Already Started',
    unregisterHint: 'Click to unregister',
    fullTitle: 'Opportunity Full',
    fullMessage:
      'Sorry, this opportunity has no slots left. The list has been refreshed with the latest numbers.',
    thankYouTitle: 'Thank you for signing up!',
    thankYouMessage: (name: string) =>
      `You're registered for ${name}. Your points arrive once the host marks attendance.`,
    errorTitle: 'Something went wrong',
    errorSigningUp: (message: string) => `Error signing up: ${message}`,
    errorUnregistering: (message: string) => `Error un-registering: ${message}`,
    /** A click on 'Signed Up ✓' once the 7-hour window has closed since the page was drawn. */
    cannotUnregister: 'Cannot unregister within 7 hours of the event',
    /** Shown above 'Join Waitlist' (and while waiting) so the reason is plain. */
    fullReason: 'Event Full',
    /** The card's polite status after a sign-up or an unregistration went through. */
    signedUpOutcome: 'You are signed up.',
    unregisteredOutcome: 'You are no longer signed up.',
  },
  /** Asked on a click on 'Signed Up ✓' before the signup is given up. */
  unregisterConfirm: {
    title: 'Unregister from this opportunity?',
    message: (name: string) =>
      `You will no longer be signed up for ${name}, and your slot is freed for someone else. You can sign up again while slots are left.`,
    confirm: 'Unregister',
    cancel: 'Cancel',
  },
  /** Asked before a signup inside the 7-hour window, which cannot be undone afterwards. */
  lateSignupConfirm: {
    title: 'Sign up for good?',
    message: (timeLeft: string) =>
      `This opportunity starts in ${timeLeft}. Cannot unregister within 7 hours of the event: once you sign up, you cannot undo it here. Contact the organizer if you then need to cancel.`,
    confirm: 'Sign Up',
    cancel: 'Cancel',
  },
  /** An opportunity whose end (start plus duration) has passed, in place of the sign-up button. */
  past: {
    ended: 'This opportunity has ended',
    attended: (points: number) => `Attended · ${count(points, 'point', 'points')}`,
    didNotAttend: 'Did not attend',
    attendanceNotSubmitted: 'Attendance not yet submitted',
    /** For the host, once attendance is in. */
    attendanceSubmitted: 'Attendance submitted',
  },
  externalRegistration: {
    title: 'External Registration Required',
    message:
      'This opportunity is run by a partner nonprofit that takes signups on its own site. Register there too so they expect you.',
    confirm: 'Open Link & Register Locally',
    cancel: 'Cancel',
  },
  externalUnregistration: {
    title: 'External Application Notice',
    message: (nonprofit: string) =>
      `You signed up on ${nonprofit}'s own site as well. Please tell ${nonprofit} that you can no longer attend, then unregister here.`,
    theHost: 'the host nonprofit',
    confirm: 'Unregister Locally',
    cancel: 'Cancel',
  },
  /** The refusals that keep points honest (docs/product-rules.md), sent by the server and shown by the UI. */
  integrity: {
    startInPast: 'The start date and time must be in the future.',
    attendanceNeedsApproval:
      'Attendance can be submitted only for an approved opportunity. An admin must approve it first.',
    scheduleFixedAfterAttendance:
      'Attendance has been submitted: the date, time and duration can no longer change.',
    checkInNeedsApproval: 'Check-in opens once an admin has approved this opportunity.',
    scheduleFixedHint: 'Attendance has been submitted, so the date, time and duration are fixed.',
    startHint: 'The start must be in the future.',
    lengthenHint: 'Lengthening an approved opportunity sends it back to the admins for approval.',
  },
  /** The admin audit's review flags on an award, shown as labelled badges. */
  awardFlags: {
    column: 'Review',
    label: 'Flags for review',
    'longer-than-scheduled': (scheduledMinutes: number | null) =>
      scheduledMinutes === null
        ? 'Longer than scheduled'
        : `Longer than scheduled (${String(scheduledMinutes)} min)`,
    'host-attended': () => 'Host attended',
  },
  mine: {
    title: 'My Opportunities',
    subtitle: 'The opportunities you host and the ones you signed up for.',
    hosting: "Opportunities I'm Hosting",
    registered: "Other Opportunities I'm Registered For",
    all: 'All Opportunities',
    showPast: 'Show Past',
    hidePast: 'Hide Past',
    past: 'Past',
    show: 'Show',
    hide: 'Hide',
    noHosting: "You're not hosting any upcoming opportunities.",
    noRegistered: "You're not registered for other any upcoming opportunities.",
    noPastHosted: 'No past hosted opportunities.',
    noPastRegistered: 'No past registered opportunities.',
    noOpportunities: 'No opportunities available.',
    loading: 'Loading your opportunities...',
  },
} as const;

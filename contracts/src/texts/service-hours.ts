/**
 * Service hours logged for work done off the platform, their verification, and where they show
 * (docs/service-hours.md). The `ui` part belongs to the screens; `errors` to the command service.
 */
const minutesText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${String(m)} min`;
  return m === 0 ? `${String(h)} h` : `${String(h)} h ${String(m)} min`;
};

export const serviceHoursTexts = {
  minutes: minutesText,
  /** Where a log's organization is not on the platform. */
  outsideSuffix: '(outside the platform)',
  statuses: { pending: 'Waiting for verification', approved: 'Verified', rejected: 'Not verified' },
  errors: {
    futureDate: 'Date must not be in the future',
    tooOld: 'Date must be within the last year',
    organizationNotFound: 'Organization not found',
    organizationNotApproved: 'This organization is not approved yet',
    logNotFound: 'Service log not found',
    alreadyDecided: 'This log has already been verified or rejected',
    ownLog: 'You cannot verify your own hours',
    notVerifier: "Only the organization's host or an admin can verify these hours",
    outsideNeedsAdmin: 'Only an admin can verify hours for an organization outside the platform',
    studentErased: "This student's account was erased; their hours can no longer be decided",
    /** A 409: WAITING_SERVICE_LOGS_MAX logs wait for this platform organization's verifiers. */
    tooManyWaiting: (max: number) =>
      `You have reached the limit of ${String(max)} logs waiting for this organization to verify. You can log more for it once some of them are decided.`,
    /** A 409: WAITING_SERVICE_LOGS_MAX logs for organizations off the platform wait for admins. */
    tooManyWaitingOutside: (max: number) =>
      `You have reached the limit of ${String(max)} logs for organizations outside the platform waiting for an admin to verify. You can log more once some of them are decided.`,
  },
  ui: {
    title: 'Service Hours',
    subtitle:
      'Log service you did outside the platform. It counts once the organization verifies it.',
    logButton: 'Log hours',
    formTitle: 'Log service hours',
    organizationKind: 'Where did you serve?',
    onPlatform: 'An organization on the platform',
    offPlatform: 'Another organization',
    organization: 'Organization',
    chooseOrganization: 'Choose an organization',
    outsideOrganization: 'Organization name',
    date: 'Date',
    hours: 'Hours',
    minutes: 'Minutes',
    cause: 'Cause',
    description: 'What did you do?',
    verifierName: 'Verifier name',
    verifierEmail: 'Verifier email',
    verifierHint: 'Someone at the organization who can confirm your service.',
    photo: 'Photo (optional)',
    submit: 'Submit for verification',
    submitting: 'Submitting...',
    submitted: 'Your hours were sent for verification.',
    submitFailed: 'Your hours could not be logged.',
    cancel: 'Cancel',
    mine: 'My logged hours',
    empty: 'You have not logged any hours yet.',
    approvedTotal: (minutes: number) => `Verified: ${minutesText(minutes)}`,
    pendingTotal: (minutes: number) => `Waiting: ${minutesText(minutes)}`,
    loadFailed: 'Failed to load service hours.',
    decidedBy: (name: string) => `by ${name}`,
    reason: (reason: string) => `Reason: ${reason}`,
    verifyTitle: 'Verify Hours',
    verifySubtitle: 'Hours students logged with your organizations. Approve what you can confirm.',
    verifyEmpty: 'No hours are waiting for verification.',
    loggedBy: (name: string) => `Logged by ${name}`,
    approve: 'Approve',
    reject: 'Reject',
    reasonLabel: 'Reason',
    reasonOptional: 'Reason (optional)',
    confirmReject: 'Reject hours',
    approved: 'Hours approved.',
    rejected: 'Hours rejected.',
    decideFailed: 'The decision could not be saved.',
    notificationsTitle: 'Service hours',
    notificationApproved: (organization: string, minutes: number) =>
      `Your ${minutesText(minutes)} with ${organization} were verified.`,
    notificationRejected: (organization: string, minutes: number) =>
      `Your ${minutesText(minutes)} with ${organization} were not verified.`,
    platformHours: 'Platform hours',
    loggedHours: 'Logged hours',
    historyLogged: (organization: string) => `Logged service with ${organization}`,
    historyVerifiedBy: (name: string) => `verified by ${name}`,
    scoringRuleTitle: 'Logged hours and points',
    scoringRuleOn: 'Approved logged hours earn points',
    scoringRuleOff: 'Approved logged hours earn no points',
    scoringRuleHint:
      'Preview the effect on points, ranks and badges first; then apply the rule to every approved log.',
    scoringRuleApply: (on: boolean) => (on ? 'Turn on' : 'Turn off'),
    scoringRuleApplied: 'The rule was applied.',
    duration: 'Time served',
    chooseCause: 'Choose a cause',
    outsideOrganizationRequired: "Enter the organization's name",
    removePhoto: 'Remove photo',
    photoAlt: (organization: string) => `Photo of the service with ${organization}`,
    totals: 'Totals',
    confirmApprove: 'Approve hours',
    decisionSummary: (name: string, organization: string, minutes: number) =>
      `${name} logged ${minutesText(minutes)} with ${organization}.`,
    scoringRuleCurrent: (on: boolean) => `Current rule: ${on ? 'on' : 'off'}`,
    scoringRuleConfirm: (on: boolean) =>
      on
        ? "Every approved log's line will be worth its minutes in points, earlier ones too."
        : "Every approved log's line will be worth 0 points, earlier ones too.",
    scoringRuleLoadFailed: 'Failed to load the logged hours rule.',
    scoringRuleFailed: 'The rule could not be applied.',
    scoringNoChange: 'Change the bonus, a badge threshold or the logged hours rule first.',
  },
  mail: {
    approved: {
      subject: 'Your service hours were verified',
      body: (organization: string, date: string, minutes: number, reason: string | null) =>
        `Your ${minutesText(minutes)} of service with ${organization} on ${date} were verified.${reason ? `\n\nNote from the verifier: ${reason}` : ''}`,
    },
    rejected: {
      subject: 'Your service hours were not verified',
      body: (organization: string, date: string, minutes: number, reason: string) =>
        `Your ${minutesText(minutes)} of service with ${organization} on ${date} were not verified.\n\nReason: ${reason}`,
    },
  },
  transcript: {
    source: 'Source',
    platform: 'Platform',
    loggedVerifiedBy: (name: string) => `Logged, verified by ${name}`,
    loggedVerified: 'Logged, verified',
    loggedTotal: (minutes: number) => `Logged minutes: ${String(minutes)}`,
    /** The Opportunity column of a logged row (it names no opportunity). */
    loggedActivity: 'Logged service',
  },
} as const;

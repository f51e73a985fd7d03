/** Texts of QR check-in: the host's code on /opportunity/{id} and the student's /check-in screen. */
export const checkInTexts = {
  host: {
    title: 'Check-in',
    show: 'Show check-in code',
    hide: 'Hide check-in code',
    hint: 'Participants scan this code on site to check in. It changes every 30 seconds.',
    qrLabel: 'Check-in QR code',
    link: 'Check-in link',
    loading: 'Loading check-in code...',
    failed: 'Could not load the check-in code.',
    checkedIn: (n: number, of: number) => `${String(n)} of ${String(of)} checked in`,
  },
  badge: 'Checked in',
  screen: {
    title: 'Check-in',
    checkingIn: 'Checking you in...',
    success: 'You are checked in. Enjoy the event!',
    already: 'You were already checked in.',
    missingCode: 'This check-in link has no code. Scan the QR code shown by the host.',
    toOpportunity: 'Go to the opportunity',
  },
  errors: {
    expired: 'This check-in code has expired. Scan the current code shown by the host.',
    forged: 'This check-in code is not valid. Scan the code shown by the host.',
    notRegistered: 'You are not registered for this opportunity, so you cannot check in.',
    attendanceSubmitted: 'Attendance was already submitted for this opportunity.',
    failed: 'Check-in failed. Please try again.',
  },
} as const;

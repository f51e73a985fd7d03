/**
 * Every user-facing text of the product spec, verbatim, in one place. Server messages and screens
 * both read from here; tests find these texts on screen. `{email}` style holes are filled by the
 * functions below.
 */
export const texts = {
  brand: {
    tagline: 'Your hub for making a difference',
  },
  login: {
    signIn: 'Sign in with university email',
    createAccount: 'Create New Account',
    or: 'or',
    about: 'About',
    signingIn: 'Signing in...',
    terms: 'Terms of Service & Privacy Policy',
    nonStudent: (email: string) => `Not a student? Contact ${email}`,
  },
  register: {
    title: 'Complete your registration',
    heading: 'Create Account',
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone Number',
    hasCar: 'Do you have a car on campus?',
    yes: 'Yes',
    no: 'No',
    seats: 'How many seats?',
    seatsHint: 'Minimum: 1, Maximum: 15',
    submit: 'Complete Registration',
    submitting: 'Creating Account...',
    signIn: 'Sign In',
    invalidPhone: 'Please enter a valid phone number (10+ digits)',
    noAuthUser: 'No authenticated user found. Please sign in with Google first.',
  },
  signInErrors: {
    sessionStorage:
      "There was an error with your browser's session storage, please try logging in again.",
    popupClosed: 'You closed the login popup. Please try logging in again.',
    popupBlocked:
      'The sign-in popup was blocked by your browser. Please try again. If pop-ups continue to be blocked, allow pop-ups for this site in your browser settings, or try signing in using a different browser.',
    failed: 'Sign-in failed. Please try again.',
    googleFailed: 'Google sign-in failed. Please try again.',
    notApproved: (email: string) =>
      `Your email is not approved for this platform. Please contact ${email} for access.`,
    approvalCheckFailed: (email: string) =>
      `Unable to verify email approval. Please try again or contact ${email}.`,
    registrationFailed: 'Registration failed.',
    failedToRegisterUser: 'Failed to register user',
    appDataFailed: 'Failed to load app data. Please try again later.',
  },
  auth: {
    missingToken: 'Authentication failed: Please provide a valid ID token',
    invalidToken: 'Authentication failed: Token is invalid or expired',
    failed: 'Authentication failed. Please try again.',
  },
  api: {
    generic: 'An API error occurred',
    createOpportunityFailed: 'Failed to create opportunity',
  },
  notFound: {
    opportunity: 'Opportunity not found.',
    organization: 'Organization not found.',
    user: 'User not found',
  },
  events: {
    title: 'Events',
    createOpportunity: 'Create Opportunity',
    empty: 'No opportunities match your filters.',
  },
  popup: {
    gotIt: 'Got it',
  },
} as const;

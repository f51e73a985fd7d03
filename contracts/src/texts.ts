import { PHONE_MAX_DIGITS } from './domain/limits';
import { groupTexts } from './texts/groups';
import { leaderboardTexts } from './texts/leaderboard';
import { opportunityTexts } from './texts/opportunities';
import { profileTexts } from './texts/profile';
import { calendarTexts, waitlistTexts } from './texts/waitlist';
import { liveTexts } from './texts/live';
import { mailPreferencesTexts } from './texts/mail-preferences';
import { mailTexts } from './texts/mail';

const BRAND_NAME = 'Campus Volunteering';

/**
 * Every user-facing text of the product, word for word, in one place, with the texts of some
 * screens beside it (`hostTexts`, `adminTexts`, ...: contracts/src/index.ts exports them). Server
 * messages and screens both read from here; tests find these texts on screen. `{email}` style
 * holes are filled by the functions below.
 */
export const texts = {
  brand: {
    name: BRAND_NAME,
    tagline: 'Your hub for making a difference',
    heroTitle: 'Serve your community, together.',
    highlights: [
      'Discover causes and sign up for opportunities',
      'Earn points for every minute you serve',
      'Team up with friends and organizations',
    ],
  },
  login: {
    signIn: 'Sign in with university email',
    createAccount: 'Create New Account',
    or: 'or',
    about: 'About',
    signingIn: 'Signing in...',
    terms: 'Terms of Service & Privacy Policy',
    nonStudent: (email: string) => `Not a student? Contact ${email}`,
    welcome:
      'Welcome! Sign in to discover volunteering opportunities, earn points and make a difference with fellow students.',
  },
  register: {
    title: 'Complete your registration',
    heading: 'Create Account',
    email: 'Email',
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
    phoneTooLong: `Phone must be at most ${String(PHONE_MAX_DIGITS)} digits`,
    noAuthUser: 'No authenticated user found. Please sign in with Google first.',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    carRequired: 'Please choose whether you have a car on campus.',
    alreadyRegistered: 'Already have an account?',
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
    emailNotVerified: 'Verify your email address before using the app.',
    /** A 403: signed in, not yet registered. */
    notRegistered: 'You need to complete your registration first.',
    /** A 403: a route for admins. */
    adminsOnly: 'Only admins can do this.',
  },
  api: {
    generic: 'An API error occurred',
    createOpportunityFailed: 'Failed to create opportunity',
    /** A 429: the caller sent more commands than the rate limit allows. */
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  },
  notFound: {
    opportunity: 'Opportunity not found.',
    organization: 'Organization not found.',
    user: 'User not found',
  },
  header: {
    welcome: (firstName: string) => `Welcome, ${firstName}`,
    points: (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`,
    logout: 'Log out',
    home: 'Home',
  },
  onboarding: {
    bannerTitle: (firstName: string) => `You're all set, ${firstName}!`,
    bannerText:
      'Join organizations to volunteer with your clubs and friends and earn points together.',
    bannerAction: 'Set up your account',
    dismiss: 'Dismiss',
    greeting: (firstName: string) => `Welcome, ${firstName}!`,
    continue: 'Continue',
  },
  about: {
    title: 'About Us',
    mission: 'Our Mission',
    story: 'Our Story',
    team: 'Our Team',
    teamIntro: 'The students who build, test and run this platform, and still show up to serve.',
    callToAction: 'Ready to Make a Difference',
    callToActionText: 'Find an opportunity that fits your week and bring a friend along.',
    browse: 'Browse opportunities',
    backToLogin: 'Back to Login',
    seeMore: 'See More',
    seeLess: 'See Less',
    /** The See More / See Less buttons' names for assistive technology: whose story. */
    seeMoreAbout: (name: string) => `See more about ${name}`,
    seeLessAbout: (name: string) => `See less about ${name}`,
    hometown: 'Hometown',
    major: 'Major',
    classOf: (year: number) => `Class of ${year}`,
    organizations: 'Campus organizations',
    favoriteStory: 'Favorite service story',
  },
  nav: {
    main: 'Main',
    tabs: 'Quick links',
    events: 'Events',
    groups: 'Groups',
    adminPage: 'Admin Page',
    leaderboard: 'Leaderboard',
    aboutUs: 'About Us',
    profile: 'Profile',
    myOpportunities: 'My Opportunities',
    adminPanel: 'Admin Panel',
    admin: 'Admin',
    /** The impact dashboard's link (admins, and hosts of an organization). */
    impact: 'Impact',
    reportBug: 'Report Bug',
    reportBugSubject: 'Bug report',
    reportBugBody: (page: string) =>
      `What happened?\n\n\nWhat did you expect to happen?\n\n\nPage: ${page}`,
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    notifications: 'Notifications',
    notificationsPending: (count: number) =>
      `Notifications: ${count} pending friend ${count === 1 ? 'request' : 'requests'}`,
    yourProfile: 'Your profile',
    skipToContent: 'Skip to content',
  },
  search: {
    label: 'Search students and organizations',
    placeholder: 'Search students & orgs...',
    results: 'Search results',
    searching: 'Searching...',
    noResults: (query: string) => `No results found for "${query}"`,
    organizations: 'Organizations',
    students: 'Students',
    join: 'Join',
    leave: 'Leave',
    addFriend: 'Add Friend',
    friends: 'Friends ✓',
  },
  pages: {
    /** The document title of a page: what it is, then the product. */
    documentTitle: (page: string) => `${page} · ${BRAND_NAME}`,
    signIn: 'Sign in',
    register: 'Create Account',
    aboutUs: 'About Us',
    events: 'Events',
    createOpportunity: 'Create Opportunity',
    accountSetup: 'Set up your account',
    adminOperations: 'Operations',
    pointHistory: 'Point History',
    eventHistory: 'Event History',
    scoringPreview: 'Scoring preview',
    checkIn: 'Check-in',
    opportunity: 'Opportunity',
    myOpportunities: 'My Opportunities',
    groups: 'Manage Organizations',
    groupDetail: 'Organization',
    leaderboard: 'Leaderboard',
    profile: 'Profile',
    notifications: 'Notifications',
    admin: 'Admin Panel',
    serviceHours: 'Service Hours',
    verifyHours: 'Verify Hours',
  },
  common: {
    loading: 'Loading...',
    /** A table's scrolling box, named apart from the section that holds it. */
    scrollableTable: (title: string) => `${title} (scrollable table)`,
    comingSoon: 'This page is coming soon.',
    retry: 'Try again',
  },
  events: {
    title: 'Events',
    subtitle: 'Find upcoming opportunities to serve your campus and community.',
    createOpportunity: 'Create Opportunity',
    empty: 'No opportunities match your filters.',
  },
  popup: {
    gotIt: 'Got it',
  },
  // One file per screen family, so screens can be built side by side. The hosts', admins',
  // check-in, scoring preview, transcript, service hours and impact screens' texts are not in this
  // object (contracts/src/index.ts exports them): it goes whole into every page's first script.
  opportunities: opportunityTexts,
  waitlist: waitlistTexts,
  calendar: calendarTexts,
  groups: groupTexts,
  leaderboard: leaderboardTexts,
  profile: profileTexts,
  mail: mailTexts,
  mailPreferences: mailPreferencesTexts,
  live: liveTexts,
} as const;

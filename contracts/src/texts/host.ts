import {
  ATTENDANCE_HOURS_MAX,
  ATTENDANCE_MINUTES_MAX,
  CREATE_DURATION_MIN,
  CREATE_DURATION_STEP,
} from '../domain/constants';
import { opportunityMessages } from '../domain/opportunity-rules';

const count = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** '45 minutes', '2 hours', '1 hour 30 minutes'. */
const hoursAndMinutes = (totalMinutes: number) => {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return count(minutes, 'minute', 'minutes');
  const h = count(hours, 'hour', 'hours');
  return minutes === 0 ? h : `${h} ${count(minutes, 'minute', 'minutes')}`;
};

/**
 * User-facing texts of the host's and admin's tools on /create-opportunity, /opportunity/{id} and
 * /group-detail/{id}, in the product's words where it fixes them; the rest are this screen
 * family's own words.
 */
export const hostTexts = {
  create: {
    title: 'Create Opportunity',
    subtitle:
      'Tell students what you need help with. Admins review new opportunities before they go live.',
    clonedFrom: (name: string) => `Copied from “${name}”. Choose a new date and time.`,
    details: 'Details',
    schedule: 'When and where',
    audience: 'Who can join',
    name: 'Opportunity name',
    description: 'Description',
    nonprofit: 'Nonprofit (optional)',
    address: 'Address (optional)',
    redirectUrl: 'External signup link (optional)',
    redirectUrlHint: 'Students are sent here to register with the nonprofit as well.',
    date: 'Date',
    time: 'Start time',
    duration: 'Duration (minutes)',
    durationHint: `At least ${String(CREATE_DURATION_MIN)} minutes, in steps of ${String(CREATE_DURATION_STEP)}. Points equal the minutes.`,
    totalSlots: 'Total slots',
    hostOrganization: 'Host organization',
    chooseHostOrganization: 'Choose an organization',
    noHostOrganizations:
      'You are not a member of any organization yet. Join one on the Groups page to host for it.',
    causes: 'Causes',
    causesHint: 'Choose one or more.',
    qualifications: 'Qualifications (optional)',
    qualificationsHint: 'Add them one at a time, e.g. “Must be 18 or older”.',
    addQualification: 'Add',
    removeItem: (item: string) => `Remove ${item}`,
    tags: 'Tags (optional)',
    tagsHint: 'Free words students can search for, added one at a time.',
    image: 'Image (optional)',
    dropImage: 'Drag and drop an image here, or',
    pickImage: 'Choose a file',
    removeImage: 'Remove image',
    imageTypeError: 'Please choose an image file (JPEG, PNG, GIF or WebP).',
    imageTooLarge: 'The image must be at most 5 MB.',
    private: 'Private opportunity',
    privateHint: 'Only members of the organizations you choose can see and join it.',
    visibility: 'Visible to members of',
    filterOrganizations: 'Filter organizations',
    noOrganizationsMatch: 'No organizations match.',
    submit: 'Create Opportunity',
    submitting: 'Creating...',
    cancel: 'Cancel',
    successTitle: 'Opportunity created!',
    successApproved: 'It is live on the Events list. Taking you to it...',
    successPending:
      'An admin will review it before it appears on the Events list. Taking you to it...',
    error: 'An error occurred while creating the opportunity',
    /** The server's words for a blank id ('must be a valid id') read oddly on a select. */
    chooseHostOrganizationError: 'Choose a host organization',
    loadingOrganizations: 'Loading organizations...',
  },
  manage: {
    editDetails: 'Edit Details',
    cloneOpportunity: 'Clone Opportunity',
    deleteOpportunity: 'Delete Opportunity',
    deleteTitle: 'Delete this opportunity?',
    deleteConfirm: 'This action cannot be undone.',
    delete: 'Delete',
    cancel: 'Cancel',
    deleteFailed: (message: string) => `Error deleting opportunity: ${message}`,
    changeImage: 'Change Image',
    uploadingImage: 'Uploading image...',
    imageUploadFailed: (message: string) => `Image upload failed: ${message}`,
    imageUploadError: (message: string) => `Error uploading image: ${message}`,
    editTitle: 'Edit Details',
    name: 'Name',
    description: 'Description',
    nonprofit: 'Nonprofit',
    location: 'Location',
    date: 'Date',
    time: 'Time',
    duration: 'Duration (minutes)',
    redirectUrl: 'Redirect link (optional)',
    causes: 'Causes',
    save: 'Save Changes',
    saving: 'Saving...',
    updateFailed: (message: string) => `Error updating opportunity: ${message}`,
    updated: 'Opportunity updated.',
    eventHistory: 'Event History',
    pendingApproval: 'Pending approval: students cannot see it on the Events list yet.',
    deletedTitle: 'Opportunity deleted',
    deleted: (name: string) => `The opportunity "${name}" was deleted.`,
    imageUpdated: 'Image updated.',
  },
  /** The facts beside the host's and admins' tools (the students' sign-up card shows its own). */
  facts: {
    title: 'At a glance',
    duration: 'Duration',
    durationValue: hoursAndMinutes,
    status: 'Status',
    approved: 'Approved',
    approvedHint: 'Students can see it and sign up until it starts.',
    pending: 'Pending approval',
    pendingHint: 'Students cannot see it on the Events list until an admin approves it.',
    /** On narrow screens the tools come after the description: a jump to them. */
    goToTools: 'Go to host tools',
  },
  /** The column of the host's and admins' tools (check-in code first). */
  tools: {
    title: 'Host tools',
  },
  attendance: {
    title: 'Attendance Management',
    intro: 'Check who attended and how long they served.',
    participant: 'Participant',
    noParticipants: 'No participants to mark yet.',
    present: (name: string) => `${name} attended`,
    hours: 'Hours',
    minutes: 'Minutes',
    hoursHint: `0 to ${String(ATTENDANCE_HOURS_MAX)}`,
    minutesHint: `0 to ${String(ATTENDANCE_MINUTES_MAX)}`,
    duration: 'Time served',
    submit: 'Submit Attendance',
    submitting: 'Submitting...',
    alreadySubmitted: 'Attendance Already Submitted',
    attended: 'Attended',
    didNotAttend: 'Did not attend',
    notStarted: opportunityMessages.notStartedForAttendance,
    host: 'Host',
    hostPresent: 'Present as host',
    selected: (n: number) => count(n, 'participant checked', 'participants checked'),
    submitted: (attended: number, absent: number) =>
      `Attendance submitted: ${String(attended)} attended, ${String(absent)} did not attend.`,
    confirmTitle: 'Submit attendance?',
    confirmMessage: (attended: number, absent: number, minutes: number) =>
      `Marked attended: ${String(attended)}. Marked did not attend: ${String(absent)}. ` +
      `Each attendee is credited ${hoursAndMinutes(minutes)}. This cannot be undone.`,
    confirm: 'Submit Attendance',
    cancel: 'Cancel',
    submitFailed: (message: string) => `Error submitting attendance: ${message}`,
    displayFailed: 'Attendance submitted, but failed to update display. Please refresh the page.',
  },
  slots: {
    title: 'Slot Management',
    current: (registered: number, total: number) =>
      `${String(registered)} of ${String(total)} slots filled`,
    rule: 'The limit cannot go below the number of people already signed up.',
    edit: 'Edit Slot Limit',
    limit: 'Slot limit',
    save: 'Save',
    cancel: 'Cancel',
    wholeNumber: 'Enter a whole number of at least 1.',
    belowParticipants: opportunityMessages.slotLimitBelowParticipants,
    updateFailed: (message: string) => `Error updating slot limit: ${message}`,
    updated: (total: number) => `Slot limit set to ${String(total)}.`,
  },
  communication: {
    title: 'Communication',
    emailAll: 'Email All Participants',
    copyPhones: 'Copy Phone Numbers',
    copied: (n: number) => `Copied ${count(n, 'phone number', 'phone numbers')}.`,
    copyFailed: 'Could not copy to the clipboard. The numbers are:',
    noEmails: 'No participant emails available to send to...',
    noPhones: 'No participant phone numbers available.',
    emailSubject: (name: string) => `About ${name}`,
  },
  announcements: {
    title: 'Post an Announcement',
    label: 'Announcement',
    placeholder: 'Share an update with everyone signed up...',
    post: 'Post Announcement',
    posting: 'Posting...',
    required: 'Write a message before posting.',
    posted: 'Announcement posted.',
    failed: (message: string) => `Error adding announcement: ${message}`,
  },
  admin: {
    title: 'Admin Tools',
    unapprove: 'Unapprove Opportunity',
    unapproveFailed: (message: string) => `Error unapproving opportunity: ${message}`,
    unapproved: 'The opportunity is no longer approved.',
    unapproveTitle: 'Unapprove this opportunity?',
    unapproveConfirm:
      'Students will no longer see it on the Events list until an admin approves it again. Points already earned stay.',
    unapproveConfirmButton: 'Unapprove',
    cancel: 'Cancel',
    registerUser: 'Register a User',
    searchUsers: 'Find a user by name',
    searchPlaceholder: 'Type a name...',
    noUsersFound: (query: string) => `No users found for "${query}"`,
    register: 'Register',
    alreadyRegistered: 'Registered',
    capacity: opportunityMessages.fullForAdmin,
    registerFailed: 'Failed to register user. They may already be registered.',
    registered: (name: string) => `${name} is registered.`,
    unregister: 'Unregister',
    unregisterUser: (name: string) => `Unregister ${name}`,
    unregisterFailed: 'Failed to unregister user.',
    unregisterTitle: (name: string) => `Unregister ${name}?`,
    unregisterConfirm: (name: string) =>
      `${name} will be removed from this opportunity and their slot opens up again.`,
    unregistered: (name: string) => `${name} was unregistered.`,
  },
} as const;

/**
 * Texts of the emulator sign-in dialog. Development and demo only: kept out of contracts' texts so
 * that a production build (VITE_AUTH_MODE=firebase) contains none of them.
 */
export const emulatorSignInTexts = {
  title: 'Sign in with a test account',
  description:
    'Development mode: sign-in goes to the local Firebase Auth emulator. Pick a demo account or type any email.',
  accountsLabel: 'Demo accounts',
  otherEmail: 'Or use another email',
  otherEmailPlaceholder: 'name@university.edu',
  invalidEmail: 'Enter an email address such as name@university.edu.',
  submit: 'Continue',
  cancel: 'Cancel',
} as const;

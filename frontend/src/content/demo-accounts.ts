/** Test Google accounts offered by the emulator sign-in dialog (development, tests and the demo). */
type DemoAccount = { email: string; name: string; role: string };

export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@university.edu', name: 'Avery Admin', role: 'Admin' },
  { email: 'host@university.edu', name: 'Harper Host', role: 'Host' },
  { email: 'student@university.edu', name: 'Sam Student', role: 'Student' },
];

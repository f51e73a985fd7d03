/**
 * Content a university replaces: the support mailbox shown until GET /api/config answers, the
 * terms-of-service and privacy document served from `public/`, and the About page's words.
 */
export const siteContent = {
  supportEmail: 'support@university.edu',
  termsAndPrivacyPdf: '/terms-and-privacy.pdf',
  mission:
    'We connect students with the nonprofits, student organizations and hosts of our university town, so that serving together is as easy as signing up, and every hour given is seen and celebrated.',
  values: [
    {
      title: 'Serve together',
      text: 'Sign up with friends and your organizations, and show up as a team.',
    },
    {
      title: 'Build community',
      text: 'Meet people across campus who care about the same causes you do.',
    },
    {
      title: 'See your impact',
      text: 'Every minute you serve earns points for you and the groups you belong to.',
    },
  ],
  originStory: [
    'This project began with a group of Christian students who wanted community through volunteering. We met on Tuesday nights, picked a cause for the weekend and went together: food banks, tutoring, creek cleanups, anything that needed hands.',
    'The group grew by word of mouth, but the planning lived in group chats and spreadsheets, and too many students who wanted to help heard about an event only after it had happened. So we built the place we wished we had: one hub where partners and student groups post opportunities and every student can find one, sign up in seconds and bring friends along. It is open to every student, whatever they believe; the community is the point.',
  ],
} as const;

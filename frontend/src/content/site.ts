/**
 * Content a university replaces: the support mailbox shown until GET /api/config answers, and the
 * terms-of-service and privacy document served from `public/`.
 */
export const siteContent = {
  supportEmail: 'support@university.edu',
  termsAndPrivacyPdf: '/terms-and-privacy.pdf',
  mission:
    'This project began with a group of Christian students who wanted community through volunteering. Today it connects students with nonprofits, student organizations and hosts in our university town, so that serving together is as easy as signing up.',
} as const;

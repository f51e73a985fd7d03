import { makeIcon } from '@/components/ui/icons';

/** Decorative icons of the detail screen that the shared set does not have. */
export const ClockIcon = makeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
);
export const HourglassIcon = makeIcon(
  'HourglassIcon',
  <path d="M7 4h10M7 20h10M8 4v3.5a4 4 0 0 0 1.6 3.2L12 12l2.4-1.3A4 4 0 0 0 16 7.5V4M8 20v-3.5a4 4 0 0 1 1.6-3.2L12 12l2.4 1.3a4 4 0 0 1 1.6 3.2V20" />,
);
export const TicketIcon = makeIcon(
  'TicketIcon',
  <path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5V14a2 2 0 0 0 0-4V7.5ZM14 6v12" />,
);
export const StarIcon = makeIcon(
  'StarIcon',
  <path d="m12 4 2.4 4.9 5.4.8-3.9 3.8.9 5.4L12 16.4l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8L12 4Z" />,
);
export const MailIcon = makeIcon(
  'MailIcon',
  <>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </>,
);
export const PhoneIcon = makeIcon(
  'PhoneIcon',
  <path d="M6.5 4h3l1.5 4-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4 1.5v3a2 2 0 0 1-2 2A15 15 0 0 1 4.5 6a2 2 0 0 1 2-2Z" />,
);
export const MegaphoneIcon = makeIcon(
  'MegaphoneIcon',
  <path d="M4 10v4a1 1 0 0 0 1 1h2l5 4V5L7 9H5a1 1 0 0 0-1 1Zm12-1.5a4 4 0 0 1 0 7M18.5 6a7 7 0 0 1 0 12" />,
);
export const ExternalIcon = makeIcon(
  'ExternalIcon',
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);

import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/**
 * A line drawing on a 24px grid, in the current text colour; decorative (the surrounding control
 * carries the name). Every icon of the product is drawn in one.
 */
export const LineIcon = ({
  size = 20,
  children,
  ...props
}: IconProps & { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
);

/** An icon component of `shapes`, named `name` in React's tools. */
export const makeIcon = (name: string, shapes: ReactNode) => {
  const Icon = (props: IconProps) => <LineIcon {...props}>{shapes}</LineIcon>;
  Icon.displayName = name;
  return Icon;
};

export const CalendarIcon = makeIcon(
  'CalendarIcon',
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);

export const UsersIcon = makeIcon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.3c2.1.7 3.5 2.7 3.5 5.7" />
  </>,
);

export const TrophyIcon = makeIcon(
  'TrophyIcon',
  <path d="M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H4.5v1.5A3.5 3.5 0 0 0 8 11M16 6h3.5v1.5A3.5 3.5 0 0 1 16 11M12 13v4M8.5 20.5h7M9.5 17h5v3.5h-5z" />,
);

export const UserIcon = makeIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </>,
);

export const ShieldIcon = makeIcon(
  'ShieldIcon',
  <path d="M12 3 19.5 6v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6L12 3ZM9 12l2 2 4-4" />,
);

export const InfoIcon = makeIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </>,
);

export const BellIcon = makeIcon(
  'BellIcon',
  <path d="M6 9.5a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4s2-1.5 2-6.5ZM10 19.5a2 2 0 0 0 4 0" />,
);

export const MenuIcon = makeIcon('MenuIcon', <path d="M4 6.5h16M4 12h16M4 17.5h16" />);

export const CloseIcon = makeIcon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);

export const SearchIcon = makeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>,
);

export const BugIcon = makeIcon(
  'BugIcon',
  <>
    <rect x="7" y="7.5" width="10" height="13" rx="5" />
    <path d="M12 11v9.5M9.5 4.5 10.8 7M14.5 4.5 13.2 7M3 13.5h4M17 13.5h4M4 8.5l3 2M20 8.5l-3 2M4 19l3-2M20 19l-3-2" />
  </>,
);

export const ClipboardIcon = makeIcon(
  'ClipboardIcon',
  <>
    <rect x="5" y="4.5" width="14" height="17" rx="2" />
    <rect x="9" y="2.5" width="6" height="4" rx="1" />
    <path d="M9 11.5h6M9 15.5h4" />
  </>,
);

export const LogoutIcon = makeIcon(
  'LogoutIcon',
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
);

export const CheckCircleIcon = makeIcon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16.2 9.5" />
  </>,
);

export const ClockIcon = makeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </>,
);

export const WarningIcon = makeIcon(
  'WarningIcon',
  <path d="M12 3.5 2.5 20h19L12 3.5ZM12 10v4.5M12 17.3v.01" />,
);

export const ErrorIcon = makeIcon(
  'ErrorIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </>,
);

export const MapPinIcon = makeIcon(
  'MapPinIcon',
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);

export const GraduationIcon = makeIcon(
  'GraduationIcon',
  <path d="M2 9.5 12 4.5l10 5-10 5-10-5ZM6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5M22 9.5v5" />,
);

export const HeartIcon = makeIcon(
  'HeartIcon',
  <path d="M12 20s-8-4.8-8-10.6C4 6.4 6.2 4 9 4c1.4 0 2.4.6 3 1.7.6-1.1 1.6-1.7 3-1.7 2.8 0 5 2.4 5 5.4C20 15.2 12 20 12 20Z" />,
);

export const FileIcon = makeIcon(
  'FileIcon',
  <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5ZM14 3v5h5M9 13h6M9 17h4" />,
);

export const ArrowLeftIcon = makeIcon('ArrowLeftIcon', <path d="M19 12H5M11 6l-6 6 6 6" />);

export const ArrowRightIcon = makeIcon('ArrowRightIcon', <path d="M5 12h14M13 6l6 6-6 6" />);

export const ChartIcon = makeIcon('ChartIcon', <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />);

import type { BadgeId } from '@campus/contracts';
import type { ReactNode } from 'react';
import { LineIcon, type IconProps } from '@/components/ui/icons';

/*
 * Line drawings of the badges on a 24px grid, in the style of the shared icon set. Drawn rather
 * than the catalogue's emoji so they show on every device, with or without an emoji font.
 */

/** A five-pointed star centred on (12, 12). */
const STAR = 'M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8L12 3.5Z';

const FirstStep = (
  <>
    <path d="M7.5 4c1.9 0 3 1.8 3 4.3 0 2.1-.9 3.4-1 4.9H5.6c-.2-1.6-1.1-2.8-1.1-4.9C4.5 5.8 5.6 4 7.5 4Z" />
    <path d="M5.8 15.6h3.7v1.2a1.85 1.85 0 0 1-3.7 0v-1.2Z" />
    <path d="M16.5 7.5c1.9 0 3 1.8 3 4.3 0 2.1-.9 3.4-1 4.9h-3.9c-.2-1.6-1.1-2.8-1.1-4.9 0-2.5 1.1-4.3 3-4.3Z" />
    <path d="M14.8 19.1h3.7v.6a1.85 1.85 0 0 1-3.7 0v-.6Z" />
  </>
);

const PointNovice = <path d={STAR} />;

const PointAdept = (
  <>
    <path d={STAR} />
    <path d="M19.5 2.5v3M18 4h3M4 18.5v3M2.5 20h3" />
  </>
);

const PointMaster = (
  <path d="M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H4.5v1.5A3.5 3.5 0 0 0 8 11M16 6h3.5v1.5A3.5 3.5 0 0 1 16 11M12 13v4M8.5 20.5h7M9.5 17h5v3.5h-5z" />
);

const SerialVolunteer = (
  <path d="M17 2.5 20.5 6 17 9.5M3.5 11.5V10a4 4 0 0 1 4-4h13M7 21.5 3.5 18 7 14.5M20.5 12.5V14a4 4 0 0 1-4 4h-13" />
);

const CommunityPillar = (
  <path d="M3 9.5 12 4l9 5.5H3ZM5.5 9.5v8M9.8 9.5v8M14.2 9.5v8M18.5 9.5v8M3.5 17.5h17M2.5 20.5h19" />
);

const SocialButterfly = (
  <>
    <path d="M12 7.5v12M10.5 4.5 12 7.5l1.5-3" />
    <path d="M11.5 10C9.5 6.5 7 4.5 4.5 5 3 5.3 2.7 7.8 4 10c1 1.6 3.5 2.2 7.5 2Z" />
    <path d="M12.5 10c2-3.5 4.5-5.5 7-5 1.5.3 1.8 2.8.5 5-1 1.6-3.5 2.2-7.5 2Z" />
    <path d="M11.5 13c-3.5-.2-6 .8-6.3 3 .3 2 2.6 2.6 4.3 1.5 1.2-.8 1.8-2.5 2-4.5Z" />
    <path d="M12.5 13c3.5-.2 6 .8 6.3 3-.3 2-2.6 2.6-4.3 1.5-1.2-.8-1.8-2.5-2-4.5Z" />
  </>
);

const SuperNetworker = (
  <>
    <circle cx="12" cy="5" r="2.5" />
    <circle cx="5" cy="18" r="2.5" />
    <circle cx="19" cy="18" r="2.5" />
    <circle cx="12" cy="13" r="2" />
    <path d="M12 7.5V11M7 16.7l3.3-2.4M17 16.7l-3.3-2.4M7.5 18h9" />
  </>
);

const EcoWarrior = (
  <path d="M5 19c0-8 5-13.5 15-14.5C19.5 14.5 14 19.5 6 19.5M5 19.5c2.5-4 5.5-7 9.5-9.5M3.5 21 5 19.5" />
);

const HungerHero = (
  <>
    <path d="M4 11h16a8 8 0 0 1-16 0ZM9 19h6" />
    <path d="M9 8c-.8-1 .8-2 0-3.5M12.5 8c-.8-1 .8-2 0-3.5M16 8c-.8-1 .8-2 0-3.5" />
  </>
);

const TopTen = (
  <>
    <circle cx="12" cy="14.5" r="6.5" />
    <path d="M8.5 9.1 6 2.5h4l2 4.5 2-4.5h4l-2.5 6.6" />
    <path d="M9.5 12.5 11 11.5v5.5M14.3 11.5a1.6 1.6 0 0 1 1.6 1.6v2.3a1.6 1.6 0 0 1-3.2 0v-2.3a1.6 1.6 0 0 1 1.6-1.6Z" />
  </>
);

/** Any badge the screens do not know yet: a ribbon rosette. */
const FALLBACK = (
  <>
    <circle cx="12" cy="9" r="5.5" />
    <path d="M8.5 13.3 7 21l5-2.5 5 2.5-1.5-7.7" />
  </>
);

const BADGE_SHAPES: Record<BadgeId, ReactNode> = {
  'first-step': FirstStep,
  'point-novice': PointNovice,
  'point-adept': PointAdept,
  'point-master': PointMaster,
  'serial-volunteer': SerialVolunteer,
  'community-pillar': CommunityPillar,
  'social-butterfly': SocialButterfly,
  'super-networker': SuperNetworker,
  'eco-warrior': EcoWarrior,
  'hunger-hero': HungerHero,
  'top-ten': TopTen,
};

const isKnown = (id: string): id is BadgeId => Object.hasOwn(BADGE_SHAPES, id);

type BadgeIconProps = IconProps & { badgeId: string };

/**
 * The drawing of the badge `badgeId`, the rosette for an id the catalogue does not have.
 * Decorative: the badge's name is written next to it.
 */
export const BadgeIcon = ({ badgeId, size = 24, ...props }: BadgeIconProps) => {
  const known = isKnown(badgeId);
  return (
    <LineIcon size={size} data-badge-icon={known ? badgeId : 'fallback'} {...props}>
      {known ? BADGE_SHAPES[badgeId] : FALLBACK}
    </LineIcon>
  );
};

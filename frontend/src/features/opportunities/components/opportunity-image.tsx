import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { bannerOf } from '../assets/cause-banners';

type OpportunityImageProps = {
  src: string | null;
  /** The opportunity's causes: without a picture, the first one chooses the drawn banner. */
  causes?: readonly string[];
  className?: string;
  /** The hero is the page's main picture: load it at once. */
  eager?: boolean;
};

/**
 * An opportunity's picture; a missing or broken one shows the drawn banner of its first cause
 * (the general volunteering picture without one). Decorative: the name is written beside it.
 */
export const OpportunityImage = ({
  src,
  causes,
  className,
  eager = false,
}: OpportunityImageProps) => (
  <ImageWithFallback
    src={src}
    fallbackSrc={bannerOf(causes)}
    alt=""
    className={className}
    loading={eager ? 'eager' : 'lazy'}
    decoding="async"
  />
);

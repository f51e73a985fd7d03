import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import fallbackImage from '../assets/opportunity-fallback.svg';

export type OpportunityImageProps = {
  src: string | null;
  className?: string;
  /** The hero is the page's main picture: load it at once. */
  eager?: boolean;
};

/** An opportunity's picture; a missing or broken one shows the backup image. */
export const OpportunityImage = ({ src, className, eager = false }: OpportunityImageProps) => (
  <ImageWithFallback
    src={src}
    fallbackSrc={fallbackImage}
    alt=""
    className={className}
    loading={eager ? 'eager' : 'lazy'}
    decoding="async"
  />
);

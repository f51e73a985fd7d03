import { useState, type ImgHTMLAttributes } from 'react';

type ImageWithFallbackProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** The picture; without one the fallback shows. */
  src: string | null | undefined;
  /** Shown when there is no picture or it fails to load. */
  fallbackSrc: string;
};

/** An image that swaps to a backup picture when its own is missing or broken. */
export const ImageWithFallback = ({
  src,
  fallbackSrc,
  alt = '',
  ...props
}: ImageWithFallbackProps) => {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const usable = src && brokenSrc !== src ? src : fallbackSrc;
  return (
    <img
      {...props}
      src={usable}
      alt={alt}
      onError={() => {
        if (src && usable === src) setBrokenSrc(src);
      }}
    />
  );
};

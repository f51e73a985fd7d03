import { useState } from 'react';
import { cx } from '@/lib/cx';
import styles from './avatar.module.css';

/** Shown instead of a picture that fails to load. */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

type AvatarSize = 'small' | 'medium' | 'large' | 'xlarge';

type AvatarProps = {
  /** The picture; without one the name's initials show. */
  src: string | null | undefined;
  name: string;
  size?: AvatarSize;
  /** The image's text alternative: empty when the name is written next to it. */
  alt?: string;
  className?: string;
};

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/** A round profile picture; a broken picture falls back to the default profile image. */
export const Avatar = ({ src, name, size = 'medium', alt = '', className }: AvatarProps) => {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const classes = cx(styles.avatar, styles[size], className);
  if (!src) {
    return (
      <span className={classes} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <span aria-hidden="true">{initialsOf(name)}</span>
      </span>
    );
  }
  return (
    <span className={classes}>
      <img
        src={brokenSrc === src ? DEFAULT_PROFILE_IMAGE : src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => {
          if (brokenSrc !== src) setBrokenSrc(src);
        }}
      />
    </span>
  );
};

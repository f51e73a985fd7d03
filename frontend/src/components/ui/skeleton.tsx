import type { CSSProperties } from 'react';
import { cx } from '@/lib/cx';
import styles from './skeleton.module.css';

type SkeletonProps = {
  /** A CSS length; defaults to the container's width. */
  width?: CSSProperties['width'];
  /** A CSS length; an inline skeleton is one line of text high. */
  height?: CSSProperties['height'];
  /** Sits in a line of text (a number still loading), one line high. */
  inline?: boolean;
  circle?: boolean;
  className?: string;
};

/**
 * A placeholder of the loaded content's size, hidden from assistive technology (the loading state
 * announces itself once, with a labelled spinner or aria-busy on its container).
 */
export const Skeleton = ({
  width,
  height,
  inline = false,
  circle = false,
  className,
}: SkeletonProps) => (
  <span
    className={cx(styles.skeleton, inline && styles.inline, circle && styles.circle, className)}
    style={{ width, height }}
    aria-hidden="true"
  />
);

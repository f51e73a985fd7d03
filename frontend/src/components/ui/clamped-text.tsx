import { useCallback, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { cx } from '@/lib/cx';
import styles from './clamped-text.module.css';

type ClampedTextProps = {
  text: string;
  /** Lines shown while collapsed. */
  lines: number;
  moreLabel: string;
  lessLabel: string;
  className?: string;
};

const clampStyle = (lines: number): CSSProperties => ({
  overflow: 'hidden',
  WebkitLineClamp: lines,
});

/**
 * A text collapsed to `lines` lines with a toggle, offered only when the text is longer than that
 * (measured after layout and again whenever the box resizes).
 */
export const ClampedText = ({ text, lines, moreLabel, lessLabel, className }: ClampedTextProps) => {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  const textId = useId();

  const measure = useCallback(() => {
    const element = textRef.current;
    if (!element || expanded) return;
    setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [expanded]);

  useLayoutEffect(() => {
    measure();
    const element = textRef.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, text]);

  return (
    <div className={className}>
      <p
        ref={textRef}
        id={textId}
        className={cx(styles.text, !expanded && styles.clamped)}
        style={expanded ? undefined : clampStyle(lines)}
      >
        {text}
      </p>
      {overflows || expanded ? (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      ) : null}
    </div>
  );
};

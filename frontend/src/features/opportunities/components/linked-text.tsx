import { texts } from '@campus/contracts';
import { linkify } from '../utils/linkify';

type LinkedTextProps = { text: string; className?: string };

/** Text with its http/https URLs as links; everything else stays text (never parsed as HTML). */
export const LinkedText = ({ text, className }: LinkedTextProps) => (
  <p className={className}>
    {linkify(text).map((segment, index) =>
      segment.kind === 'link' ? (
        <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow">
          {segment.text}
          <span className="visually-hidden"> {texts.opportunities.detail.opensInNewTab}</span>
        </a>
      ) : (
        segment.text
      ),
    )}
  </p>
);

type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidates start with a scheme; whatever is not http(s) after parsing stays plain text.
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Sentence punctuation after a URL is not part of it; a closing parenthesis only when unmatched. */
const trimTrailing = (url: string): string => {
  let end = url.length;
  for (;;) {
    const last = url.charAt(end - 1);
    const body = url.slice(0, end);
    const unmatched = (body.match(/\)/g)?.length ?? 0) > (body.match(/\(/g)?.length ?? 0);
    if (last && ('.,;:!?\'"]}'.includes(last) || (last === ')' && unmatched))) end -= 1;
    else return url.slice(0, end);
  }
};

/** The URL when it parses as http or https, else null (no javascript:, data:, ...). */
export const safeHttpUrl = (candidate: string): string | null => {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * Splits a description into text and http/https links, so its URLs show as links. The segments
 * are rendered as React text and anchors, never as HTML.
 */
export const linkify = (text: string): TextSegment[] => {
  const segments: TextSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const raw = trimTrailing(match[0]);
    const href = safeHttpUrl(raw);
    pushText(text.slice(last, start));
    if (href) segments.push({ kind: 'link', text: raw, href });
    else pushText(raw);
    last = start + raw.length;
  }
  pushText(text.slice(last));
  return segments;
};

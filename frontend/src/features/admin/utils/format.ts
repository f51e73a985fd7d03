/** '2025-10-03' (a calendar date) -> 'Oct 3, 2025' (US English). */
export const formatCalendarDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * The start of a long text, cut at a word boundary near `max` characters and ended with '…'; a
 * text of at most `max` characters comes back as it is.
 */
export const truncateText = (text: string, max: number): string => {
  const flat = text.trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max);
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace >= max * 0.6 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}…`;
};

/** Joins the truthy class names. */
export const cx = (...classNames: (string | false | null | undefined)[]): string =>
  classNames.filter(Boolean).join(' ');

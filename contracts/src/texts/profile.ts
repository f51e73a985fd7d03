/** User-facing texts of the profile screens, verbatim from the spec where it gives them. */
export const profileTexts = {} as const;

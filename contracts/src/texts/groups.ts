/** User-facing texts of the groups screens, verbatim from the spec where it gives them. */
export const groupTexts = {} as const;

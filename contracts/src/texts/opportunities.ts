/** User-facing texts of the opportunities screens, verbatim from the spec where it gives them. */
export const opportunityTexts = {} as const;

/**
 * The impact dashboard (docs/impact.md): its page, tables, CSV buttons and states (`ui`), the
 * names the server gives rows and figures (`rows`, shared by the page and the CSV files), and the
 * query service's refusals (`errors`).
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM' as 'October 2025' (the month as it came when it is not one). */
const monthLabel = (month: string) => {
  const name = MONTHS[Number(month.slice(5, 7)) - 1];
  return name ? `${name} ${month.slice(0, 4)}` : month;
};

const hoursOf = (minutes: number) => {
  const hours = Math.round(minutes / 6) / 10;
  return `${String(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
};

/** The columns every breakdown table shares after its first. */
const figureColumns = { minutes: 'Service minutes', hours: 'Hours', volunteers: 'Volunteers' };

export const impactTexts = {
  rows: {
    month: monthLabel,
    /** Service of no platform organization: outside ones, or an opportunity hosted by none. */
    noOrganization: 'No platform organization',
    levelNotGiven: 'Not given',
    /** The merged row of the groups of fewer than 5 people. */
    smallGroups: 'Smaller groups combined',
  },
  errors: {
    /** A non-admin asked for every organization, or one they do not host. */
    notHost: 'Only admins and the host of an organization can see its impact.',
    fromAfterTo: 'Must not be after to',
    organizationNotFound: 'Organization not found.',
    /** A 429: a host asked for more report files in an hour than IMPACT_REPORTS_PER_HOUR. */
    tooManyReports: 'You have asked for many reports in the last hour. Please try again later.',
  },
  ui: {
    title: 'Impact Dashboard',
    subtitle:
      'Service on the platform and verified service logged off it: minutes, volunteers and who keeps coming back.',
    hostSubtitle: (organization: string) => `The impact of ${organization}.`,
    filters: {
      label: 'Dashboard filters',
      from: 'From',
      to: 'To',
      asOf: 'As of',
      asOfHint: 'Show the dashboard as it stood at the end of this day. Leave empty for now.',
      organization: 'Organization',
      allOrganizations: 'All organizations',
      apply: 'Apply',
      reset: 'Reset',
    },
    range: (from: string, to: string) => `Service from ${from} to ${to}`,
    asOf: (date: string) => `As it stood at the end of ${date} (Eastern time)`,
    totals: {
      label: 'Totals',
      minutes: 'Service minutes',
      hours: 'Service hours',
      hoursValue: hoursOf,
      volunteers: 'Unique volunteers',
      returning: 'Returning volunteers',
      returningHint: 'Volunteers who served at least twice in the range.',
      noShowRate: 'No-show rate',
      noShowHint:
        'Registrations of people who were not marked present, over the attendances marked in the range.',
      noShowValue: (rate: number) => `${String(Math.round(rate * 1000) / 10)}%`,
      noShowCounts: (noShows: number, registered: number) =>
        `${String(noShows)} of ${String(registered)} registrations`,
      attendances: 'Attendances marked',
    },
    tables: {
      months: { heading: 'Service per month', first: 'Month', ...figureColumns },
      causes: { heading: 'Service per cause', first: 'Cause', ...figureColumns },
      organizations: {
        heading: 'Service per organization',
        first: 'Organization',
        ...figureColumns,
      },
      academicLevels: {
        heading: 'Service per academic level',
        first: 'Academic level',
        ...figureColumns,
      },
      topOpportunities: {
        heading: 'Top opportunities',
        rank: 'Rank',
        first: 'Opportunity',
        organization: 'Organization',
        date: 'Date',
        ...figureColumns,
      },
    },
    causesNote: 'An opportunity with several causes counts in each of them.',
    topNote: 'Opportunities with at least 5 volunteers, by service minutes.',
    /** A chart's name for assistive technology; the table beside it holds the same figures. */
    chartLabel: (heading: string) => `${heading} (chart; the table beside it has the figures)`,
    tableCaption: (heading: string) => `${heading} (table)`,
    showChart: 'Chart',
    showTable: 'Table',
    kAnonymityNote:
      'To protect privacy, no figure about fewer than 5 people is shown. Smaller groups are combined into one row (with the next smallest group when needed, so that the row has at least 5 people); if they still come to fewer than 5 people, they are left out.',
    hiddenFigure: 'Fewer than 5 people',
    hiddenRows: 'Some service is left out: its groups together have fewer than 5 people.',
    csv: {
      download: 'CSV',
      downloadTable: (heading: string) => `Download ${heading} as CSV`,
      preparing: (heading: string) => `Preparing ${heading}...`,
      progress: (percent: number) => `${String(percent)}%`,
      done: (file: string) => `${file} downloaded.`,
      failed: 'The CSV could not be prepared. Please try again.',
    },
    summaryMeasure: 'Measure',
    summaryValue: 'Value',
    empty: 'No service recorded in this range.',
    emptyTable: 'Nothing to show for this range.',
    loading: 'Loading the impact dashboard...',
    loadFailed: 'Failed to load the impact dashboard.',
    forbidden: 'You can see the impact of the organizations you host only.',
    badRange: 'The start date must not be after the end date.',
  },
} as const;

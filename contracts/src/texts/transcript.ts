/** The service transcript (a PDF of a student's verified service). */
export const transcriptTexts = {
  download: 'Download service transcript',
  downloading: 'Preparing transcript...',
  downloadFailed: 'Error downloading service transcript',
  title: 'Service Transcript',
  student: (name: string) => `Student: ${name}`,
  generated: (date: string) => `Generated ${date}`,
  columns: {
    opportunity: 'Opportunity',
    organization: 'Organization',
    date: 'Date',
    minutes: 'Minutes',
    cause: 'Cause',
  },
  noOrganization: 'Individual host',
  empty: 'No verified service yet.',
  totalMinutes: (minutes: number) => `Total minutes: ${minutes}`,
  totalHours: (hours: string) => `Total hours: ${hours}`,
  totalOpportunities: (count: number) => `Opportunities attended: ${count}`,
  byCause: 'Minutes by cause',
  fileName: (userId: string) => `service-transcript-${userId}.pdf`,
} as const;

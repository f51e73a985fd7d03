import PDFDocument from 'pdfkit';
import { isValidDate, texts, serviceHoursTexts, transcriptTexts } from '@campus/contracts';
import type { Transcript, TranscriptRow } from './transcript';

const t = transcriptTexts;
const logged = serviceHoursTexts.transcript;

/**
 * Column x positions and widths on a Letter page with 50 pt margins (512 pt of width). At 9 pt a
 * date and the longest one-word cause fit on one line.
 */
const COLUMNS = [
  { key: 'opportunity', x: 50, width: 110 },
  { key: 'organization', x: 165, width: 85 },
  { key: 'date', x: 255, width: 58 },
  { key: 'minutes', x: 318, width: 36 },
  { key: 'cause', x: 359, width: 117 },
  { key: 'source', x: 481, width: 81 },
] as const;

/** Where a row's service comes from (docs/service-hours.md). */
const sourceOf = (row: TranscriptRow): string => {
  if (!row.logged) return logged.platform;
  return row.logged.verifiedBy === null
    ? logged.loggedVerified
    : logged.loggedVerifiedBy(row.logged.verifiedBy);
};

const usDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A calendar date (YYYY-MM-DD) written as the screens write dates: 'Mar 10, 2026'. Anything else,
 * an impossible day such as '2026-02-30' included (never rolled over to another day), is written
 * as it came.
 */
export const formatTranscriptDate = (date: string): string =>
  isValidDate(date) ? usDate.format(new Date(`${date}T00:00:00.000Z`)) : date;

/**
 * The transcript as a PDF (pdfkit): a header, one row per verified opportunity or verified logged
 * service (its source in the last column), then totals.
 * `generatedOn` and the rows' dates are calendar dates (YYYY-MM-DD), written in US English.
 */
export const renderTranscriptPdf = (transcript: Transcript, generatedOn: string): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 50,
      info: { Title: `${t.title} - ${transcript.name}`, Author: texts.brand.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text(texts.brand.name);
    doc.fontSize(14).text(t.title);
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(10).text(t.student(transcript.name));
    doc.text(t.generated(formatTranscriptDate(generatedOn)));
    doc.moveDown();

    const row = (cells: Record<(typeof COLUMNS)[number]['key'], string>, bold = false) => {
      if (doc.y > doc.page.height - 100) doc.addPage();
      const top = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let bottom = top;
      for (const column of COLUMNS) {
        doc.text(cells[column.key], column.x, top, { width: column.width });
        bottom = Math.max(bottom, doc.y);
      }
      doc.x = 50;
      doc.y = bottom + 4;
    };

    row(
      {
        opportunity: t.columns.opportunity,
        organization: t.columns.organization,
        date: t.columns.date,
        minutes: t.columns.minutes,
        cause: t.columns.cause,
        source: logged.source,
      },
      true,
    );
    if (!transcript.rows.length) doc.font('Helvetica').fontSize(10).text(t.empty, 50);
    for (const r of transcript.rows) {
      row({
        opportunity: r.opportunity,
        organization: r.organization ?? t.noOrganization,
        date: formatTranscriptDate(r.date),
        minutes: String(r.minutes),
        cause: r.causes.join(', '),
        source: sourceOf(r),
      });
    }

    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text(t.totalOpportunities(transcript.opportunityCount), 50);
    doc.text(t.totalMinutes(transcript.totalMinutes), 50);
    if (transcript.loggedMinutes > 0) doc.text(logged.loggedTotal(transcript.loggedMinutes), 50);
    doc.text(t.totalHours((transcript.totalMinutes / 60).toFixed(1)), 50);
    if (transcript.byCause.length) {
      doc.moveDown(0.5);
      doc.text(t.byCause, 50);
      doc.font('Helvetica');
      for (const { cause, minutes } of transcript.byCause) doc.text(`${cause}: ${minutes}`, 60);
    }
    doc.end();
  });

import { PDFParse } from 'pdf-parse';
import type request from 'supertest';

/** A supertest parser that keeps a binary answer (a PDF) as one Buffer. */
export const binary = (
  res: request.Response,
  callback: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A PDF's text, read back with pdf-parse (pdf.js). */
export const pdfText = async (pdf: Buffer): Promise<string> => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** '2026-03-10' → 'Mar 10, 2026', as the transcript writes dates. */
export const usDateOf = (date: string) => {
  const [year = '', month = '', day = ''] = date.split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${String(Number(day))}, ${year}`;
};

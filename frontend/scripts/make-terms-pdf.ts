/**
 * Writes public/terms-and-privacy.pdf: the terms of service and privacy policy linked from /login
 * and /about-us. A university replaces the file (or edits the text below and runs
 * `npx tsx frontend/scripts/make-terms-pdf.ts`). Plain PDF 1.4, standard Helvetica, no dependencies.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Block = { kind: 'title' | 'heading' | 'body'; text: string };

const blocks: Block[] = [
  { kind: 'title', text: 'Campus Volunteering: Terms of Service & Privacy Policy' },
  { kind: 'body', text: 'Last updated: September 16, 2025.' },
  { kind: 'heading', text: '1. Who may use the platform' },
  {
    kind: 'body',
    text: 'The platform is a free volunteering hub for students of the university. You sign in with your university Google account. Addresses outside the university domain may use the platform only when an administrator has approved them.',
  },
  { kind: 'heading', text: '2. Your account' },
  {
    kind: 'body',
    text: 'Keep your profile accurate. You are responsible for what you post, including announcements, bios and organization descriptions. Do not impersonate others or post unlawful, hateful or misleading content. Administrators may remove content and suspend accounts that break these terms.',
  },
  { kind: 'heading', text: '3. Opportunities, points and safety' },
  {
    kind: 'body',
    text: 'Opportunities are run by nonprofit partners, student organizations and hosts, not by the platform. Points reflect the minutes of service recorded by hosts and are for recognition only; they have no cash value. Follow the instructions of the host and the partner organization, and cancel in time if you cannot attend.',
  },
  { kind: 'heading', text: '4. What we collect' },
  {
    kind: 'body',
    text: 'We store your name, university email, phone number, whether you can drive and how many seats you offer, your profile picture and bio if you add them, the organizations you join, your friends, your signups, your attendance and the points they earn.',
  },
  { kind: 'heading', text: '5. Who can see it' },
  {
    kind: 'body',
    text: 'Other students see your name, picture, points, organizations and badges. Your email and phone number are visible to you, to administrators and to the host of an opportunity you joined, so they can contact participants. A host phone number is shown only to registered participants.',
  },
  { kind: 'heading', text: '6. Your choices' },
  {
    kind: 'body',
    text: 'You may edit your profile at any time. You may ask the support mailbox to erase your account: your personal data is then made unreadable everywhere, while anonymous totals such as points and signup counts remain.',
  },
  { kind: 'heading', text: '7. Contact' },
  {
    kind: 'body',
    text: 'Questions about these terms or your data: support@university.edu.',
  },
];

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 64;
const styles = {
  title: { font: 'F2', size: 17, leading: 24, before: 0 },
  heading: { font: 'F2', size: 12, leading: 17, before: 12 },
  body: { font: 'F1', size: 10.5, leading: 15, before: 2 },
} as const;

/** Rough Helvetica widths: enough to wrap lines inside the margins. */
const approxWidth = (text: string, size: number) => text.length * size * 0.5;

const wrap = (text: string, size: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (approxWidth(candidate, size) > PAGE_WIDTH - 2 * MARGIN && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

const pages: string[][] = [[]];
let y = PAGE_HEIGHT - MARGIN;
for (const block of blocks) {
  const style = styles[block.kind];
  y -= style.before;
  for (const line of wrap(block.text, style.size)) {
    if (y - style.leading < MARGIN) {
      pages.push([]);
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= style.leading;
    pages
      .at(-1)
      ?.push(`BT /${style.font} ${style.size} Tf ${MARGIN} ${y} Td (${escape(line)}) Tj ET`);
  }
}

const objects: string[] = [];
const add = (body: string) => objects.push(body);

add('<< /Type /Catalog /Pages 2 0 R >>');
const firstPageObject = 5;
const kids = pages.map((_, i) => `${firstPageObject + i * 2} 0 R`).join(' ');
add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
pages.forEach((commands, i) => {
  const content = commands.join('\n');
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPageObject + i * 2 + 1} 0 R >>`,
  );
  add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
});

let pdf = '%PDF-1.4\n';
const offsets: number[] = [];
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xrefOffset = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;

const target = join(import.meta.dirname, '..', 'public', 'terms-and-privacy.pdf');
writeFileSync(target, pdf, 'latin1');
console.log(`wrote ${target} (${pages.length} page(s), ${pdf.length} bytes)`);

/**
 * What bench/results.md said of one measurement: its rows of the main table (the first carries
 * the measurement's number), its line of the runs table and its notes paragraph. A checkout keeps
 * results.md but not bench/raw (not committed), so a measurement not run on this machine keeps
 * the lines its last run wrote instead of losing them.
 */
export type PreviousLines = {
  readonly rows: readonly string[];
  readonly run: string | null;
  readonly notes: string | null;
};

const NUMBERED_ROW = /^\| (\d+) \|/;
const CONTINUED_ROW = /^\| {2}\|/;

/**
 * The lines results.md (`text`, up to the notes marker) holds for the measurement numbered
 * `number`, named `name` and titled `title`; null when it holds no row of it. Rows are found by
 * their number (the measurement's place in run.ts): after the measurements are reordered, a full
 * `npm run bench` writes every row anew.
 */
export const previousLinesOf = (
  text: string,
  measurement: { readonly number: number; readonly name: string; readonly title: string },
): PreviousLines | null => {
  const lines = text.split('\n');
  const rows: string[] = [];
  let inside = false;
  for (const line of lines) {
    const numbered = NUMBERED_ROW.exec(line);
    if (numbered) inside = Number(numbered[1]) === measurement.number;
    else if (!CONTINUED_ROW.test(line)) inside = false;
    if (inside) rows.push(line);
  }
  if (rows.length === 0) return null;
  const run = lines.find((line) => line.startsWith(`| ${measurement.name} |`)) ?? null;
  const notes = lines.find((line) => line.startsWith(`**${measurement.title}.** `)) ?? null;
  return { rows, run, notes };
};

import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendsBench } from './appends';
import { commandsBench } from './commands';
import { contentionBench } from './contention';
import { frontendBench } from './frontend';
import { impactBench } from './impact';
import { lagBench } from './lag';
import { liveBench } from './live';
import { queriesBench } from './queries';
import { replayBench } from './replay';
import { benchEnv } from './shared/config';
import type { BenchModule, BenchResult } from './shared/report';
import { previousLinesOf, type PreviousLines } from './shared/results-file';

/**
 * `npm run bench [-- name ...]`: runs the named measurements (all by default) against the real
 * local Postgres and Redis, keeps each one's figures in bench/raw/<name>.json and rewrites the table
 * of bench/results.md from the newest figures of every measurement. The notes below the marker line
 * of results.md are kept as they are.
 */
const modules: readonly BenchModule[] = [
  appendsBench,
  replayBench,
  commandsBench,
  queriesBench,
  lagBench,
  contentionBench,
  frontendBench,
  impactBench,
  liveBench,
];
const NOTES_MARKER = '<!-- notes: everything below this line is kept by `npm run bench` -->';

const requested = process.argv.slice(2).filter((a) => a !== '--');
const unknown = requested.filter((name) => !modules.some((m) => m.name === name));
if (unknown.length) {
  console.error(
    `unknown bench ${unknown.join(', ')}; choose from ${modules.map((m) => m.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = requested.length ? modules.filter((m) => requested.includes(m.name)) : modules;

type Stored = BenchResult & { load: { before: number[]; after: number[] } };

const rawPath = (name: string) => join(benchEnv.BENCH_RAW_DIR, `${name}.json`);
await mkdir(benchEnv.BENCH_RAW_DIR, { recursive: true });

const started = Date.now();
let failed = false;
/**
 * In a run of several measurements, each runs in a process of its own (this file, naming it
 * alone), as each service does in production: what one leaves behind (its heap, connections,
 * timers, compiled code) does not charge the next. The replay ran 20-25 % slower after the
 * appends in one process than in a fresh one.
 */
const isolated = selected.length > 1;
for (const module of isolated ? [] : selected) {
  console.log(`\n== ${module.name}: ${module.title} (scale ${String(benchEnv.BENCH_SCALE)})`);
  const before = loadavg();
  const t0 = performance.now();
  try {
    const result = await module.run();
    const stored: Stored = {
      ...result,
      name: module.name,
      title: module.title,
      scale: benchEnv.BENCH_SCALE,
      finishedAt: new Date().toISOString(),
      seconds: (performance.now() - t0) / 1_000,
      load: { before, after: loadavg() },
    };
    await writeFile(
      rawPath(module.name),
      JSON.stringify(stored, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2),
    );
    for (const row of result.rows) console.log(`  ${row.measurement}: ${row.result}`);
  } catch (error) {
    failed = true;
    console.error(`  ${module.name} failed:`, error);
  }
}
for (const module of isolated ? selected : []) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), module.name],
    { stdio: 'inherit' },
  );
  if (child.status !== 0) failed = true;
}

let previous = '';
try {
  previous = await readFile(benchEnv.BENCH_OUT, 'utf8');
} catch {
  // First run: no results file yet.
}
const markerAt = previous.indexOf(NOTES_MARKER);
const notes = markerAt >= 0 ? previous.slice(markerAt) : `${NOTES_MARKER}\n`;

/** Each measurement's newest figures on this machine, else what results.md said of it. */
const entries: ({ stored: Stored } | { previous: PreviousLines })[] = [];
for (const [index, module] of modules.entries()) {
  try {
    entries.push({ stored: JSON.parse(await readFile(rawPath(module.name), 'utf8')) as Stored });
  } catch {
    // Not run on this machine: keep the lines of its last run, if results.md has them.
    const kept = previousLinesOf(markerAt >= 0 ? previous.slice(0, markerAt) : previous, {
      number: index + 1,
      name: module.name,
      title: module.title,
    });
    if (kept) entries.push({ previous: kept });
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|');
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
const tableRows = (s: Stored) =>
  s.rows.map(
    (r, i) =>
      `| ${i === 0 ? String(modules.findIndex((m) => m.name === s.name) + 1) : ''} | ${cell(r.measurement)} | ${cell(r.result)} | ${cell(r.baseline)} | ${cell(r.target)} | ${r.met === null ? '' : r.met ? 'yes' : 'no'} |`,
  );
const runLine = (s: Stored) =>
  `| ${s.name} | ${String(s.scale)} | ${s.finishedAt} | ${s.seconds.toFixed(0)} s | ${load(s.load.before)} | ${load(s.load.after)} |`;
const notesLine = (s: Stored) => (s.notes?.length ? `**${s.title}.** ${s.notes.join(' ')}` : null);
const lines = [
  '# Benchmarks',
  '',
  `Machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB,`,
  `Node ${process.version}, shared with other builds and tests (load averages 1/5/15 min below).`,
  `Written ${new Date().toISOString()}; this run took ${((Date.now() - started) / 1_000).toFixed(0)} s for: ${selected.map((m) => m.name).join(', ')}.`,
  '',
  'Commands: `npm run bench` (everything; `infra/scripts/bench.sh` starts Postgres, Redis and the',
  'Auth emulator when they are not up), `npm run bench -- replay` (one measurement),',
  '`BENCH_SCALE=0.05 npm run bench` (a quick run at 5 % of every size), `BENCH_SECONDS=5` (the',
  'length of each timed phase). Each figure sits beside its baseline from the same run; a',
  "measurement not run on this machine keeps its last run's lines (bench/raw is not committed).",
  '',
  '| # | measurement | result | baseline (same run) | target | met |',
  '| --- | --- | --- | --- | --- | :---: |',
  ...entries.flatMap((e) => ('stored' in e ? tableRows(e.stored) : e.previous.rows)),
  '',
  '| measurement | scale | ran at | took | load before | load after |',
  '| --- | ---: | --- | ---: | --- | --- |',
  ...entries.flatMap((e) =>
    'stored' in e ? [runLine(e.stored)] : e.previous.run ? [e.previous.run] : [],
  ),
  '',
  ...entries.flatMap((e) => {
    const paragraph = 'stored' in e ? notesLine(e.stored) : e.previous.notes;
    return paragraph ? [paragraph, ''] : [];
  }),
];

await mkdir('bench', { recursive: true });
await writeFile(benchEnv.BENCH_OUT, `${lines.join('\n')}\n${notes}`);
console.log(`\nwrote ${benchEnv.BENCH_OUT}`);
process.exit(failed ? 1 : 0);

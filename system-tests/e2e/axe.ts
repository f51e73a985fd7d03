import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Accessibility checks with axe-core in the real browser. Each check writes its page's result to
 * artifacts/axe/; the global teardown merges them into artifacts/axe-report.json and
 * artifacts/axe-report.md. Tests assert that no violation is serious or critical.
 */
export const ARTIFACTS_DIR = resolve(import.meta.dirname, '../../artifacts');
const PAGES_DIR = resolve(ARTIFACTS_DIR, 'axe');
const AXE_SCRIPT = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const BLOCKING = new Set(['serious', 'critical']);

type AxeNode = { target: unknown[]; html: string; failureSummary?: string };
type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
};
export type AxePageResult = {
  name: string;
  url: string;
  violations: {
    id: string;
    impact: string | null;
    help: string;
    helpUrl: string;
    nodes: { target: string; html: string }[];
  }[];
  passes: number;
};

/** Runs axe (WCAG 2.x A and AA rules) on the page as it is now and records the result. */
export const checkAccessibility = async (page: Page, name: string): Promise<AxePageResult> => {
  // Evaluated through the DevTools protocol: the UI's CSP (script-src 'self') refuses an inline tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT);
  const raw = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe;
    return axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
  });
  const { violations, passes } = raw as { violations: AxeViolation[]; passes: unknown[] };
  const result: AxePageResult = {
    name,
    url: new URL(page.url()).pathname,
    violations: violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.slice(0, 10).map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 300),
      })),
    })),
    passes: passes.length,
  };
  mkdirSync(PAGES_DIR, { recursive: true });
  writeFileSync(resolve(PAGES_DIR, `${name}.json`), JSON.stringify(result, null, 2));
  return result;
};

/** The serious and critical violations of a result, as short lines for an assertion message. */
export const blockingViolations = (result: AxePageResult) =>
  result.violations
    .filter((v) => v.impact !== null && BLOCKING.has(v.impact))
    .map(
      (v) =>
        `${result.name}: ${v.id} (${v.impact ?? ''}) ${v.help} at ${v.nodes.map((n) => n.target).join(', ')}`,
    );

/** Clears the per-page results of an earlier run (global setup). */
export const resetAccessibilityResults = () => rmSync(PAGES_DIR, { recursive: true, force: true });

/** Merges the per-page results into the report and its markdown summary (global teardown). */
export const writeAccessibilityReport = () => {
  let files: string[] = [];
  try {
    files = readdirSync(PAGES_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return;
  }
  const pages = files
    .sort()
    .map((f) => JSON.parse(readFileSync(resolve(PAGES_DIR, f), 'utf8')) as AxePageResult);
  const count = (impact: string) =>
    pages.reduce((n, p) => n + p.violations.filter((v) => v.impact === impact).length, 0);
  const totals = {
    pages: pages.length,
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
  };
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(
    resolve(ARTIFACTS_DIR, 'axe-report.json'),
    JSON.stringify({ generatedAt: new Date().toISOString(), totals, pages }, null, 2),
  );
  const lines = [
    '# Accessibility (axe-core)',
    '',
    `${String(totals.pages)} page checks (WCAG 2.1 A/AA and best practices). Violations: ` +
      `${String(totals.critical)} critical, ${String(totals.serious)} serious, ` +
      `${String(totals.moderate)} moderate, ${String(totals.minor)} minor.`,
    '',
    '| page | path | violations (impact) |',
    '| --- | --- | --- |',
    ...pages.map(
      (p) =>
        `| ${p.name} | \`${p.url}\` | ${
          p.violations.map((v) => `${v.id} (${v.impact ?? '?'})`).join(', ') || 'none'
        } |`,
    ),
    '',
  ];
  writeFileSync(resolve(ARTIFACTS_DIR, 'axe-report.md'), lines.join('\n'));
};

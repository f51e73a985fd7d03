import { describe, expect, it } from 'vitest';
import { previousLinesOf } from './results-file';

const results = [
  '# Benchmarks',
  '',
  '| # | measurement | result | baseline (same run) | target | met |',
  '| --- | --- | --- | --- | --- | :---: |',
  '| 1 | appends, 1 writer | 2,547 events/s | raw 2,919/s |  |  |',
  '|  | appends, 8 writers | 10,738 events/s | raw 10,873/s | ≥ 0.80 of raw | yes |',
  '| 2 | replay | 39,919 events/s | floor | ≥ 60,000 events/s | no |',
  '| 8 | impact, every organization | p99 9.67 ms | healthz | p99 < 20 ms | yes |',
  '|  | impact, one organization | p99 6.40 ms | healthz | p99 < 20 ms | yes |',
  '',
  '| measurement | scale | ran at | took | load before | load after |',
  '| --- | ---: | --- | ---: | --- | --- |',
  '| appends | 1 | 2026-11-28T10:09:49.938Z | 174 s | 1.9 / 2.2 / 2.3 | 3.3 / 2.4 / 2.3 |',
  '| impact | 1 | 2026-11-28T21:27:29.321Z | 20 s | 0.7 / 0.8 / 0.4 | 1.2 / 0.9 / 0.4 |',
  '',
  '**Event store appends.** The command service path.',
  '',
  '**Impact dashboard.** Read model from generated events.',
  '',
].join('\n');

describe('previousLinesOf', () => {
  it('keeps every row of a measurement, its run line and its notes', () => {
    expect(
      previousLinesOf(results, { number: 1, name: 'appends', title: 'Event store appends' }),
    ).toEqual({
      rows: [
        '| 1 | appends, 1 writer | 2,547 events/s | raw 2,919/s |  |  |',
        '|  | appends, 8 writers | 10,738 events/s | raw 10,873/s | ≥ 0.80 of raw | yes |',
      ],
      run: '| appends | 1 | 2026-11-28T10:09:49.938Z | 174 s | 1.9 / 2.2 / 2.3 | 3.3 / 2.4 / 2.3 |',
      notes: '**Event store appends.** The command service path.',
    });
  });

  it('stops at the end of the table for the last measurement', () => {
    const kept = previousLinesOf(results, {
      number: 8,
      name: 'impact',
      title: 'Impact dashboard',
    });
    expect(kept?.rows).toEqual([
      '| 8 | impact, every organization | p99 9.67 ms | healthz | p99 < 20 ms | yes |',
      '|  | impact, one organization | p99 6.40 ms | healthz | p99 < 20 ms | yes |',
    ]);
    expect(kept?.notes).toBe('**Impact dashboard.** Read model from generated events.');
  });

  it('gives a single row, and null lines the file does not have', () => {
    expect(
      previousLinesOf(results, { number: 2, name: 'replay', title: 'Projection rebuild' }),
    ).toEqual({
      rows: ['| 2 | replay | 39,919 events/s | floor | ≥ 60,000 events/s | no |'],
      run: null,
      notes: null,
    });
  });

  it('is null for a measurement the file has no row of', () => {
    expect(previousLinesOf(results, { number: 9, name: 'live', title: 'Live updates' })).toBeNull();
    expect(
      previousLinesOf('', { number: 1, name: 'appends', title: 'Event store appends' }),
    ).toBeNull();
  });
});

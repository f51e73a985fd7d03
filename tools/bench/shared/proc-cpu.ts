import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time of processes from /proc (Linux), in clock ticks (USER_HZ, 100 a second on Linux since
 * 2.6 on every common architecture): a sample is taken before and after a timed phase and the
 * difference is the CPU the processes burnt in it.
 */
export const TICKS_PER_SECOND = 100;

export type ProcStat = {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  /** utime + stime: the process's own CPU. */
  readonly own: number;
  /** cutime + cstime: CPU of its children that have exited and been waited for. */
  readonly children: number;
};

/**
 * Parses one /proc/<pid>/stat line. The command name (field 2) sits in parentheses and may hold
 * spaces and parentheses itself, so the fields are counted from the last ')'.
 */
export const parseProcStat = (line: string): ProcStat | null => {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(line.slice(0, open).trim());
  // Fields from 3 (state) on; index 0 here is field 3.
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(rest[n - 3]);
  const stat = {
    pid,
    ppid: field(4),
    pgrp: field(5),
    own: field(14) + field(15),
    children: field(16) + field(17),
  };
  return Object.values(stat).every(Number.isFinite) ? stat : null;
};

/** Every process visible in /proc now (those that vanish while being read are left out). */
export const readAllStats = async (): Promise<ProcStat[]> => {
  const names = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(
    names.map(async (name) => {
      try {
        return parseProcStat(await readFile(`/proc/${name}/stat`, 'utf8'));
      } catch {
        return null;
      }
    }),
  );
  return stats.filter((s): s is ProcStat => s !== null);
};

/**
 * The ticks of each named group in one sample: a group is a set of process-group leaders (every
 * process of their groups counts, with its waited-for children) or a "cluster" root (the root, its
 * live children and, through the root's cutime/cstime, the children that have exited meanwhile:
 * a Postgres postmaster and its backends).
 */
export type CpuGroups = Record<
  string,
  { readonly processGroups?: readonly number[]; readonly tree?: number }
>;

export const ticksOf = (stats: readonly ProcStat[], groups: CpuGroups): Record<string, number> => {
  const result: Record<string, number> = {};
  for (const [name, group] of Object.entries(groups)) {
    let ticks = 0;
    const pgrps = new Set(group.processGroups ?? []);
    for (const s of stats) {
      if (pgrps.has(s.pgrp)) ticks += s.own + s.children;
      else if (group.tree !== undefined && (s.pid === group.tree || s.ppid === group.tree)) {
        ticks += s.own + (s.pid === group.tree ? s.children : 0);
      }
    }
    result[name] = ticks;
  }
  return result;
};

/** Starts a CPU measurement of `groups`; `stop` answers the milliseconds of CPU of each since. */
export const startCpuMeasurement = async (groups: CpuGroups) => {
  const before = ticksOf(await readAllStats(), groups);
  return {
    stop: async (): Promise<Record<string, number>> => {
      const after = ticksOf(await readAllStats(), groups);
      return Object.fromEntries(
        Object.keys(groups).map((name) => [
          name,
          (((after[name] ?? 0) - (before[name] ?? 0)) * 1_000) / TICKS_PER_SECOND,
        ]),
      );
    },
  };
};

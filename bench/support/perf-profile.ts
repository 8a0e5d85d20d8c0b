import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { log } from './bench-kit';
import { JitSymbols } from './jit-symbols';

/**
 * An on-CPU profile of the whole machine during a bench phase, with Linux `perf` (BENCH_PERF=1).
 *
 * V8's own sampler (`--cpu-prof`) charges a thread the wall time between two samples: when a
 * socket write wakes a PostgreSQL backend that preempts the Node process on its core, the wait is
 * charged to `writev`, which then looks like a quarter to a half of the API's time. `perf record
 * -e cpu-clock -a` samples only what runs, on every core and in every process, kernel included, so
 * the API, its floor and PostgreSQL's backends are measured by one clock. Node started with
 * `--perf-basic-prof` writes `/tmp/perf-<pid>.map`, which names its JavaScript frames.
 *
 * Needs `perf` (Debian's `linux-perf`) and the right to profile every process (root, or
 * `kernel.perf_event_paranoid` at -1): `perfRecording` says why when it cannot.
 */

/** Samples a second on each core. */
const FREQUENCY = 999;

/** A running `perf record`; `stop` ends it and answers its data file. */
export interface PerfRecording {
  stop(): Promise<string>;
}

/**
 * Removes a recording's data file and its directory, and the symbol maps `--perf-basic-prof`
 * writes for the processes in `pids` (`/tmp/perf-<pid>.map`), once `perfFigures` has read them.
 * BENCH_PERF_KEEP=1 keeps them and logs where, for `perf report -i FILE --pid PID` by function.
 */
export function removeRecording(file: string, pids: (number | undefined)[] = []): void {
  if (process.env.BENCH_PERF_KEEP === '1') {
    log(`BENCH_PERF_KEEP: kept ${file} and the symbol maps of ${pids.filter((pid) => pid !== undefined).join(', ')}`);
    return;
  }
  rmSync(dirname(file), { recursive: true, force: true });
  for (const pid of pids) if (pid !== undefined) rmSync(`/tmp/perf-${pid}.map`, { force: true });
}

/** The flag Node needs for perf to name its JavaScript frames. */
export const PERF_NODE_ARGS = ['--perf-basic-prof'];

/** Whether this machine can record (null) or why not. */
export function perfUnavailable(): string | null {
  const probe = spawnSync('perf', ['record', '-e', 'cpu-clock', '-a', '-o', '/dev/null', '--', 'true'], {
    encoding: 'utf8',
  });
  if (probe.error) return `perf is not installed (${probe.error.message})`;
  if (probe.status !== 0) return `perf cannot record every process: ${probe.stderr.trim().split('\n')[0]}`;
  return null;
}

/** Starts recording every core, with call chains, into a new file named after `label`. */
export function perfRecording(label: string): PerfRecording {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-perf-')), `${label.replace(/\W+/g, '-')}.data`);
  const child: ChildProcess = spawn(
    'perf',
    ['record', '-e', 'cpu-clock', '-F', String(FREQUENCY), '-a', '-g', '-o', file],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    async stop() {
      // perf writes its file on SIGINT, as after Ctrl-C.
      child.kill('SIGINT');
      await exited;
      if (!existsSync(file)) throw new Error(`perf record wrote no ${file}`);
      return file;
    },
  };
}

/** One sample: the process it ran in, whether it was in the kernel, and its frames, leaf first. */
interface Sample {
  comm: string;
  pid: number;
  kernel: boolean;
  frames: string[];
}

function* samplesOf(file: string): Generator<Sample> {
  const script = spawnSync('perf', ['script', '-i', file, '-F', 'comm,pid,ip,sym,dso'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (script.status !== 0) throw new Error(`perf script -i ${file}: ${script.stderr}`);
  const maps = new Map<string, JitSymbols | null>();
  for (const block of script.stdout.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const header = /^\s*(.+?)\s+(\d+)\s*$/.exec(lines[0] ?? '');
    if (!header) continue;
    // `<ip> <symbol>+<offset> (<dso>)`, leaf first.
    const calls = lines.slice(1).map((line) => /^\s*([0-9a-f]+)\s+(.*)\s+\(([^()]*)\)\s*$/.exec(line));
    // A kernel address is in the top half of the address space.
    const leafIp = calls[0]?.[1] ?? '0';
    const frames = calls.map((call) => {
      if (!call) return '[unknown]';
      const [, ip, symbol, dso] = call;
      // A JavaScript frame: named by the process's map, the later line winning (jit-symbols.ts).
      const jit = /^\/tmp\/perf-\d+\.map$/.test(dso) ? jitSymbols(maps, dso)?.nameAt(parseInt(ip, 16)) : undefined;
      return jit ?? symbol.replace(/\+0x[0-9a-f]+$/, '');
    });
    yield { comm: header[1], pid: Number(header[2]), kernel: leafIp.length === 16 && leafIp >= 'ffff8', frames };
  }
}

/** The map of `file`, read once; null when it is gone (perf's own name then stands). */
function jitSymbols(maps: Map<string, JitSymbols | null>, file: string): JitSymbols | null {
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new JitSymbols(readFileSync(file, 'utf8')) : null);
  return maps.get(file) ?? null;
}

/** A process, or every process of one command (`postgres`), to account for. */
export interface PerfSubject {
  label: string;
  pid?: number;
  comm?: string;
}

/** What a recording found, for `describePerf`. */
export interface PerfFigures {
  /** On-CPU ms a unit of work (a payment), user and kernel, by subject label. */
  perUnit: Map<string, { user: number; kernel: number }>;
  /** Share of each subject's samples by area (the first named frame above the sample). */
  areas: Map<string, [string, number][]>;
  /** Share of each subject's samples by that frame's function (`JS:` and the project's path left out). */
  functions: Map<string, [string, number][]>;
  /**
   * For the subjects in `inclusiveOf`: on-CPU ms a unit by function, each sample charged once to
   * every function on its stack (PostgreSQL's backends: where their time goes, by their own
   * functions).
   */
  inclusive: Map<string, Map<string, number>>;
}

/**
 * The on-CPU time of each subject a unit of work (`units` done while it recorded), and
 * for the subjects in `areasOf` the share of their samples by area: the package of
 * `node_modules`, the module of the service or Node's own module of the first JavaScript frame
 * above the sample (V8's builtins and the kernel below it count for that frame's area), and by
 * that frame's function; for the subjects in `inclusiveOf`, their time a unit by every function
 * on the samples' stacks (`tallyStack`). The frames' names come from each process's map, read as
 * `jit-symbols.ts` says (perf's own choice names some after code that ran only at boot).
 */
export function perfFigures(
  file: string,
  subjects: PerfSubject[],
  units: number,
  areasOf: string[],
  inclusiveOf: string[] = [],
): PerfFigures {
  const counts = new Map<string, { user: number; kernel: number }>();
  const areaCounts = new Map<string, Map<string, number>>();
  const functionCounts = new Map<string, Map<string, number>>();
  const inclusiveCounts = new Map<string, Map<string, number>>();
  for (const sample of samplesOf(file)) {
    const subject = subjects.find(({ pid, comm }) => (pid !== undefined ? pid === sample.pid : comm === sample.comm));
    if (!subject) continue;
    const count = counts.get(subject.label) ?? { user: 0, kernel: 0 };
    if (sample.kernel) count.kernel += 1;
    else count.user += 1;
    counts.set(subject.label, count);
    if (inclusiveOf.includes(subject.label)) tallyStack(inclusiveCounts, subject.label, sample.frames);
    if (!areasOf.includes(subject.label)) continue;
    const named = firstNamedFrame(sample.frames);
    const outside = sample.kernel ? '(kernel, no JavaScript above)' : '(V8 and Node, no JavaScript above)';
    tally(areaCounts, subject.label, named?.area ?? outside);
    tally(functionCounts, subject.label, named ? functionOf(named.frame) : outside);
  }
  const msPerUnit = (samples: number) => (samples / FREQUENCY) * (1000 / Math.max(units, 1));
  const perUnit = new Map(
    subjects.map(({ label }) => {
      const count = counts.get(label) ?? { user: 0, kernel: 0 };
      return [label, { user: msPerUnit(count.user), kernel: msPerUnit(count.kernel) }];
    }),
  );
  const inclusive = new Map(
    [...inclusiveCounts].map(([label, byFunction]) => [
      label,
      new Map([...byFunction].map(([name, samples]) => [name, msPerUnit(samples)])),
    ]),
  );
  return { perUnit, areas: asShares(areaCounts), functions: asShares(functionCounts), inclusive };
}

/** Charges one sample once to each function on its stack (a recursive one counts once). */
export function tallyStack(counts: Map<string, Map<string, number>>, label: string, frames: string[]): void {
  for (const frame of new Set(frames)) tally(counts, label, frame);
}

function tally(counts: Map<string, Map<string, number>>, label: string, key: string): void {
  const byKey = counts.get(label) ?? new Map<string, number>();
  byKey.set(key, (byKey.get(key) ?? 0) + 1);
  counts.set(label, byKey);
}

/** Each subject's counts as shares of its samples, largest first. */
function asShares(counts: Map<string, Map<string, number>>): Map<string, [string, number][]> {
  return new Map(
    [...counts].map(([label, byKey]) => {
      const total = [...byKey.values()].reduce((sum, value) => sum + value, 0);
      const sorted = [...byKey]
        .map(([key, value]): [string, number] => [key, value / total])
        .sort((a, b) => b[1] - a[1]);
      return [label, sorted];
    }),
  );
}

/** A frame's function and where it is: `*query node_modules/pg/lib/client.js:668:8`. */
function functionOf(frame: string): string {
  return frame
    .replace(/^JS:/, '')
    .replace(/(\s)file:\/\//, '$1')
    .split(`${process.cwd()}/`)
    .join('');
}

/** The first JavaScript frame with a source (perf-<pid>.map names them `JS:*name url:line:col`), and its area. */
function firstNamedFrame(frames: string[]): { frame: string; area: string } | undefined {
  for (const frame of frames) {
    if (!frame.startsWith('JS:')) continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame);
    if (pkg) return { frame, area: pkg[1] };
    const own = /dist\/src\/(modules\/[^/]+\/[^/]+|platform\/[^/]+|[^/]+)/.exec(frame);
    if (own) return { frame, area: `src/${own[1]}` };
    // node:internal/streams/readable counts as node:internal/streams, node:net as itself.
    const node = /\s(node:(?:internal\/)?[^/:\s]+)/.exec(frame);
    if (node) return { frame, area: `${node[1]} (Node)` };
  }
  return undefined;
}

/** Markdown tables of two recordings side by side (the service's phase and its floor's). */
export function describePerf(
  title: string,
  sides: { name: string; figures: PerfFigures; unit: string }[],
  areaRows = 16,
): void {
  log('');
  log(`${title} on-CPU (perf, every core; ms a ${sides[0]?.unit ?? 'unit'}, user + kernel):`);
  log('| side | process | user | kernel |');
  log('|---|---|---|---|');
  for (const { name, figures } of sides) {
    for (const [label, { user, kernel }] of figures.perUnit) {
      log(`| ${name} | ${label} | ${user.toFixed(2)} | ${kernel.toFixed(2)} |`);
    }
  }
  for (const { name, figures } of sides) {
    for (const [label, shares] of figures.areas) {
      log(`| ${name}: ${label}'s samples by area (first JavaScript frame above) | share |`);
      log('|---|---|');
      for (const [area, share] of shares.slice(0, areaRows)) log(`| ${area} | ${(share * 100).toFixed(1)} % |`);
    }
    for (const [label, shares] of figures.functions) {
      log(`| ${name}: ${label}'s samples by function (the first JavaScript frame above) | share |`);
      log('|---|---|');
      for (const [fn, share] of shares.slice(0, areaRows)) log(`| \`${fn}\` | ${(share * 100).toFixed(1)} % |`);
    }
  }
  for (const label of new Set(sides.flatMap(({ figures }) => [...figures.inclusive.keys()]))) {
    const rows = inclusiveRows(
      sides.map(({ figures }) => figures.inclusive.get(label) ?? new Map<string, number>()),
      INCLUSIVE_ROWS,
    );
    log(
      `| ${label}: function, each sample charged to every function on its stack (ms a ${sides[0]?.unit ?? 'unit'}) | ${sides.map(({ name }) => name).join(' | ')} |`,
    );
    log(`|---|${sides.map(() => '---|').join('')}`);
    for (const [fn, values] of rows) log(`| \`${fn}\` | ${values.map((ms) => ms.toFixed(3)).join(' | ')} |`);
  }
}

/** Rows of each inclusive table (the outermost functions, near each side's whole time, come first). */
const INCLUSIVE_ROWS = 45;

/**
 * The `limit` functions with the most time on any side, largest first, with each side's ms (0
 * where a side never ran it).
 */
export function inclusiveRows(sides: Map<string, number>[], limit: number): [string, number[]][] {
  const names = new Set(sides.flatMap((side) => [...side.keys()]));
  return [...names]
    .map((name): [string, number[]] => [name, sides.map((side) => side.get(name) ?? 0)])
    .sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]))
    .slice(0, limit);
}

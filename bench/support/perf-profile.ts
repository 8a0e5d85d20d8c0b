import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { log } from './bench-kit';

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
  const script = spawnSync('perf', ['script', '-i', file, '-F', 'comm,pid,ip,sym'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (script.status !== 0) throw new Error(`perf script -i ${file}: ${script.stderr}`);
  for (const block of script.stdout.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const header = /^\s*(.+?)\s+(\d+)\s*$/.exec(lines[0] ?? '');
    if (!header) continue;
    const frames = lines.slice(1).map((line) => line.trim());
    // A kernel address is in the top half of the address space.
    const leafIp = /^([0-9a-f]+)/.exec(frames[0] ?? '')?.[1] ?? '0';
    frames.forEach(
      (frame, index) => (frames[index] = frame.replace(/^[0-9a-f]+\s+/, '').replace(/\+0x[0-9a-f]+$/, '')),
    );
    yield { comm: header[1], pid: Number(header[2]), kernel: leafIp.length === 16 && leafIp >= 'ffff8', frames };
  }
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
}

/**
 * The on-CPU time of each subject a unit of work (`units` done while it recorded), and
 * for the subjects in `areasOf` the share of their samples by area: the package of
 * `node_modules`, the module of the service or Node's own module of the first JavaScript frame
 * above the sample (V8's builtins and the kernel below it count for that frame's area).
 */
export function perfFigures(file: string, subjects: PerfSubject[], units: number, areasOf: string[]): PerfFigures {
  const counts = new Map<string, { user: number; kernel: number }>();
  const areaCounts = new Map<string, Map<string, number>>();
  for (const sample of samplesOf(file)) {
    const subject = subjects.find(({ pid, comm }) => (pid !== undefined ? pid === sample.pid : comm === sample.comm));
    if (!subject) continue;
    const count = counts.get(subject.label) ?? { user: 0, kernel: 0 };
    if (sample.kernel) count.kernel += 1;
    else count.user += 1;
    counts.set(subject.label, count);
    if (!areasOf.includes(subject.label)) continue;
    const areas = areaCounts.get(subject.label) ?? new Map<string, number>();
    const area =
      firstNamedArea(sample.frames) ??
      (sample.kernel ? '(kernel, no JavaScript above)' : '(V8 and Node, no JavaScript above)');
    areas.set(area, (areas.get(area) ?? 0) + 1);
    areaCounts.set(subject.label, areas);
  }
  const msPerUnit = (samples: number) => (samples / FREQUENCY) * (1000 / Math.max(units, 1));
  const perUnit = new Map(
    subjects.map(({ label }) => {
      const count = counts.get(label) ?? { user: 0, kernel: 0 };
      return [label, { user: msPerUnit(count.user), kernel: msPerUnit(count.kernel) }];
    }),
  );
  const areas = new Map(
    [...areaCounts].map(([label, byArea]) => {
      const total = [...byArea.values()].reduce((sum, value) => sum + value, 0);
      const shares = [...byArea]
        .map(([area, value]): [string, number] => [area, value / total])
        .sort((a, b) => b[1] - a[1]);
      return [label, shares];
    }),
  );
  return { perUnit, areas };
}

/** The area of the first JavaScript frame with a source (perf-<pid>.map names them `JS:*name url:line:col`). */
function firstNamedArea(frames: string[]): string | undefined {
  for (const frame of frames) {
    if (!frame.startsWith('JS:')) continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame);
    if (pkg) return pkg[1];
    const own = /dist\/src\/(modules\/[^/]+\/[^/]+|platform\/[^/]+|[^/]+)/.exec(frame);
    if (own) return `src/${own[1]}`;
    // node:internal/streams/readable counts as node:internal/streams, node:net as itself.
    const node = /\s(node:(?:internal\/)?[^/:\s]+)/.exec(frame);
    if (node) return `${node[1]} (Node)`;
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
  }
}

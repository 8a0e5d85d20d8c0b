import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { log } from './bench-kit';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the monotonic clock V8's profiles use (µs), for a profile's window. */
export function hrtimeUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The `--cpu-prof-dir=` of a process's Node options, when they also hold `--cpu-prof`. */
export function profileDirOf(nodeArgs: string[]): string | undefined {
  const dirArg = nodeArgs.find((arg) => arg.startsWith('--cpu-prof-dir='));
  return nodeArgs.includes('--cpu-prof') && dirArg ? dirArg.slice('--cpu-prof-dir='.length) : undefined;
}

/** A profile's samples inside a window (µs, `hrtimeUs`): their time by function (self time) and by area, in µs. */
export interface WindowSamples {
  file: string;
  bySelf: Map<string, number>;
  byArea: Map<string, number>;
  total: number;
}

/** The `.cpuprofile` files in `dir` (each written when its profiled process exits), newest first. */
export function profileFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
}

/**
 * The samples of the profile `file` inside `window`, by function and by area (`areaOf`; a module
 * of the service is named by its first `moduleDepth` folders under `src/modules`).
 */
export function windowSamples(file: string, window: { fromUs: number; toUs: number }, moduleDepth = 2): WindowSamples {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const bySelf = new Map<string, number>();
  const byArea = new Map<string, number>();
  let time = profile.startTime;
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < window.fromUs || time > window.toUs) return;
    const frame = nodes.get(nodeId);
    if (!frame) return;
    const where = frame.url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|dist)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
    const area = areaOf(frame, moduleDepth);
    bySelf.set(name, (bySelf.get(name) ?? 0) + delta);
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
    total += delta;
  });
  return { file, bySelf, byArea, total };
}

/**
 * Logs samples as Markdown tables under `heading` (followed by the seconds sampled): the 14
 * areas and the 25 functions (self time) with the most time, each as a share of the wall time.
 */
export function logWindowSamples(heading: string, samples: WindowSamples): void {
  const share = (us: number) => `${((us * 100) / samples.total).toFixed(1)} %`;
  log('');
  log(`${heading} (${(samples.total / 1e6).toFixed(1)} s sampled):`);
  log('| area | share of wall time |');
  log('|---|---|');
  for (const [area, us] of [...samples.byArea.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    log(`| ${area} | ${share(us)} |`);
  }
  log('| function (self time) | share of wall time |');
  log('|---|---|');
  for (const [name, us] of [...samples.bySelf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    log(`| \`${name}\` | ${share(us)} |`);
  }
}

/**
 * The newest `.cpuprofile` in `dir` (written when the profiled process exits), its samples inside
 * `window` (µs, `hrtimeUs`), by area and by function (self time), as Markdown tables.
 */
export function summariseProfile(dir: string, window: { fromUs: number; toUs: number }, title: string): void {
  const [file] = profileFiles(dir);
  if (!file) {
    log(`profile: no .cpuprofile in ${dir}`);
    return;
  }
  const samples = windowSamples(file, window);
  if (samples.total === 0) {
    log(`profile: no samples of the window in ${file}`);
    return;
  }
  logWindowSamples(`${title} CPU profile ${file}`, samples);
}

/**
 * A frame's area: a package of node_modules, a module of the service (its first `moduleDepth`
 * folders under `src/modules`), Node itself, or V8's own entries.
 */
function areaOf(frame: { functionName: string; url: string }, moduleDepth: number): string {
  if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (pkg) return pkg[1];
  const own = new RegExp(`dist/src/(modules(?:/[^/]+){${moduleDepth}}|platform/[^/]+|[^/]+)`).exec(frame.url);
  if (own) return `src/${own[1]}`;
  if (frame.url.startsWith('node:')) return `${frame.url.split('/')[0]} (Node)`;
  return frame.url;
}

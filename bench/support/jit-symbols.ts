/**
 * The names of a Node process's JavaScript code by address, from the `/tmp/perf-<pid>.map` that
 * `--perf-basic-prof` writes (`<start hex> <size hex> <name>` a line).
 *
 * V8 appends a line each time it makes code and never takes one out, so once it has freed or moved
 * code, a later line can cover the same addresses as an earlier one. `perf` picks one of the two
 * where they overlap, and often the older: a recording of the API under load named frames after
 * code that ran only while the process booted (Node's CommonJS lexer inside `pg`'s read path,
 * decorator metadata of an entity), 3 to 6 % of its JavaScript frames. What sits at an address
 * now is what was made there last, so here the later line wins wherever lines overlap.
 */
export class JitSymbols {
  /** Where each stretch of addresses starts, ascending; `names[i]` holds from `starts[i]` to `starts[i + 1]`. */
  private readonly starts: number[] = [];
  private readonly names: (string | null)[] = [];

  constructor(mapText: string) {
    const lines: { start: number; end: number; name: string }[] = [];
    for (const line of mapText.split('\n')) {
      const match = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.*)$/.exec(line);
      if (!match) continue;
      const start = parseInt(match[1], 16);
      const size = parseInt(match[2], 16);
      if (size > 0) lines.push({ start, end: start + size, name: match[3] });
    }
    // Every start and end, in address order; at each, the latest line still open names what follows.
    const bounds = lines.flatMap(({ start, end }, order) => [
      { at: start, order, opens: true },
      { at: end, order, opens: false },
    ]);
    bounds.sort((a, b) => a.at - b.at);
    /** The lines open at the current address, by their order in the file, ascending. */
    const open: number[] = [];
    for (let index = 0; index < bounds.length;) {
      const at = bounds[index].at;
      for (; index < bounds.length && bounds[index].at === at; index += 1) {
        const { order, opens } = bounds[index];
        if (opens) open.splice(countUpTo(open, order), 0, order);
        else open.splice(open.indexOf(order), 1);
      }
      const name = open.length > 0 ? lines[open[open.length - 1]].name : null;
      if (this.names.length > 0 && this.names[this.names.length - 1] === name) continue;
      this.starts.push(at);
      this.names.push(name);
    }
  }

  /** The name of the code at `address`, or undefined where the map names none. */
  nameAt(address: number): string | undefined {
    const stretch = countUpTo(this.starts, address) - 1;
    return stretch >= 0 ? (this.names[stretch] ?? undefined) : undefined;
  }
}

/** How many of the ascending `sorted` are at most `value`: where `value` goes after its equals. */
function countUpTo(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

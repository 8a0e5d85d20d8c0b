import { inclusiveRows, tallyStack } from '../../bench/support/perf-profile';

describe("perf-profile's inclusive tables", () => {
  it('charges a sample once to every function on its stack, a recursive one once', () => {
    const counts = new Map<string, Map<string, number>>();
    tallyStack(counts, 'PostgreSQL', ['ExecScan', 'ExecProcNode', 'ExecScan', 'PortalRun', 'PostgresMain']);
    tallyStack(counts, 'PostgreSQL', ['XLogFlush', 'CommitTransactionCommand', 'PostgresMain']);
    tallyStack(counts, 'API', ['writev']);

    expect(Object.fromEntries(counts.get('PostgreSQL') ?? [])).toEqual({
      ExecScan: 1,
      ExecProcNode: 1,
      PortalRun: 1,
      PostgresMain: 2,
      XLogFlush: 1,
      CommitTransactionCommand: 1,
    });
    expect(Object.fromEntries(counts.get('API') ?? [])).toEqual({ writev: 1 });
  });

  it("lists the functions by the larger side's time, each side's time beside them, 0 where a side never ran one", () => {
    const held = new Map([
      ['PostgresMain', 3.4],
      ['standard_ExecutorStart', 0.55],
      ['PortalRunFetch', 0.11],
    ]);
    const floor = new Map([
      ['PostgresMain', 2.0],
      ['standard_ExecutorStart', 0.26],
      ['XLogFlush', 0.6],
    ]);

    expect(inclusiveRows([held, floor], 3)).toEqual([
      ['PostgresMain', [3.4, 2.0]],
      ['XLogFlush', [0, 0.6]],
      ['standard_ExecutorStart', [0.55, 0.26]],
    ]);
  });
});

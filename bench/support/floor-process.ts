/**
 * Loaded (`-r`) into every floor process `startFloorServer` forks. `stopChildren` ends the floor
 * with SIGTERM; a process the signal kills writes no `--cpu-prof` profile, so the floor exits in
 * order instead, and BENCH_FLOOR_NODE_ARGS can profile any bench's floor.
 */
process.once('SIGTERM', () => process.exit(0));

/**
 * Where the server's time goes under the submission benchmark's load: runs `compareSubmissions` once
 * with the server under `node --cpu-prof`, then sums the profile's self time over the samples taken
 * while the route's rounds ran (the set-up and the baselines' rounds left out), by area and by function.
 *
 * It also reports the CPU time (user + system, from /proc) the server and this process spent per
 * submission during each side's rounds: unlike the rates, that holds steady on a busy machine.
 *
 *   npx tsx scripts/bench/profileSubmit.ts [--n=600] [--round=100] [--postgres=URL] [--durable=0|1] [--prof=0] [--top=40] [--focus=REGEX] [--node=FLAG,FLAG] [--callers=REGEX]
 *
 * `--node` gives the server's Node extra flags (e.g. `--single-threaded-gc`), to see what a runtime setting changes.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareSubmissions } from './submissions.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const n = Number(args.get('n') ?? 600);
const round = Number(args.get('round') ?? 100);
const top = Number(args.get('top') ?? 40);
const postgresUrl = args.get('postgres');
const durable = args.get('durable') !== '0';
const profiling = args.get('prof') !== '0';
const nodeFlags = args.get('node')?.split(',').filter(Boolean) ?? [];

/** The area a frame belongs to, from its script's path. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName;
    return 'native/builtins';
  }
  if (url.startsWith('wasm://')) return 'pglite (wasm)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const repo = url.replace(/^file:\/\//, '').replace(/^.*\/main\//, '');
  return repo.split('/').slice(0, repo.startsWith('apps/') ? 4 : 2).join('/');
}

const windows: [bigint, bigint][] = [];
/** Per side: the server's CPU ms and this process's CPU ms spent during its rounds. */
const cpu: [number, number][] = [
  [0, 0],
  [0, 0],
  [0, 0],
];
let roundStart = 0n;
let marks: [number, number] = [0, 0];
let serverPid: number | undefined;
const TICK_MS = 10;

/** The server process (the one started with this profile directory), found in /proc. */
function findServer(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(`AVALIA_PROFILE_MARK=${dir}\0`)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** CPU time (ms) a process's main thread and its other threads (by name: V8's helpers, libuv's pool, workers) have used so far. */
function threadsOf(pid: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const name = tid === String(pid) ? 'main thread' : comm.replace(/[0-9]+$/, '');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      found.set(name, (found.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
const threadCpu = new Map<string, number>();
let threadMarks = new Map<string, number>();

/** CPU time (user + system, ms) a process has used so far. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
const dir = mkdtempSync(join(tmpdir(), 'avalia-prof-'));
const result = await compareSubmissions({
  n,
  round,
  postgresUrl,
  // The marker finds the server in /proc; --prof=0 measures its CPU time without the profiler's overhead.
  env: { ...(durable ? {} : { PGLITE_DURABLE: '0' }), AVALIA_PROFILE_MARK: dir },
  wrap: ([node, ...rest]) => [node!, ...nodeFlags, ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), ...rest],
  onRound: (side, phase) => {
    const now = process.hrtime.bigint();
    serverPid ??= findServer();
    const server = serverPid === undefined ? 0 : cpuOf(serverPid);
    const own = process.cpuUsage();
    const self = (own.user + own.system) / 1000;
    if (side === 0 && serverPid !== undefined) {
      const threads = threadsOf(serverPid);
      if (phase === 'end') for (const [name, ms] of threads) threadCpu.set(name, (threadCpu.get(name) ?? 0) + ms - (threadMarks.get(name) ?? 0));
      threadMarks = threads;
    }
    if (phase === 'start') {
      roundStart = now;
      marks = [server, self];
      return;
    }
    if (side === 0) windows.push([roundStart, now]);
    const spent = cpu[side]!;
    spent[0] += server - marks[0];
    spent[1] += self - marks[1];
  },
});
const names = ['route', 'repository functions', 'plain SQL'];
for (const [side, [server, self]] of cpu.entries()) {
  console.log(`CPU per submission, ${names[side]}: server ${(server / n).toFixed(3)} ms, bench process ${(self / n).toFixed(3)} ms`);
}
console.log(`the server's threads during the route's rounds, CPU ms per submission: ${[...threadCpu].filter(([, ms]) => ms > 0).map(([name, ms]) => `${name} ${(ms / n).toFixed(3)}`).join(', ')}`);
const routeWall = windows.reduce((sum, [start, end]) => sum + Number(end - start) / 1e6, 0);
console.log(`the server used ${((100 * cpu[0]![0]) / routeWall).toFixed(0)}% of a core during the route's rounds`);
console.log(`${result.backend}: route ${result.http.perSecond.toFixed(0)}/s, repository ${result.repository.perSecond.toFixed(0)}/s, plain ${result.plain.perSecond.toFixed(0)}/s, ratio ${result.ratio.toFixed(2)}x`);

if (!profiling) process.exit(0);
// The server that served the rounds wrote the largest profile of those covering them (its report
// threads write idle ones; on PGlite an earlier process did the set-up).
const profiles = readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }))
  .map(({ text }) => ({ size: text.length, profile: JSON.parse(text) as CpuProfile }))
  .filter(({ profile }) => windows.length > 0 && BigInt(profile.startTime) * 1000n <= windows[0]![0] && BigInt(profile.endTime) * 1000n >= windows.at(-1)![1])
  .sort((a, b) => b.size - a.size);
const profile = profiles[0]!.profile;
console.log(`profile ${profile.startTime}..${profile.endTime} µs; rounds ${windows[0]?.[0]}..${windows.at(-1)?.[1]} ns`);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const inWindow = (micros: number) => {
  const nanos = BigInt(Math.round(micros)) * 1000n;
  return windows.some(([start, end]) => nanos >= start && nanos <= end);
};
const areas = new Map<string, number>();
const functions = new Map<string, number>();
/** Functions of the areas matching --focus (a regular expression), listed apart. */
const focus = args.get('focus') === undefined ? undefined : new RegExp(args.get('focus')!);
const focused = new Map<string, number>();
/** For functions matching --callers (a regular expression): the chains of callers (5 deep) their self time came through. */
const callers = args.get('callers') === undefined ? undefined : new RegExp(args.get('callers')!);
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const chains = new Map<string, number>();
const frameName = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/main\//, '')}:${frame.lineNumber + 1}`;
let time = profile.startTime;
let total = 0;
for (let index = 0; index < profile.samples.length; index += 1) {
  const delta = profile.timeDeltas[index] ?? 0;
  time += delta;
  if (!inWindow(time)) continue;
  const frame = byId.get(profile.samples[index]!)!.callFrame;
  total += delta;
  const area = areaOf(frame);
  areas.set(area, (areas.get(area) ?? 0) + delta);
  const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/main\//, '')}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + delta);
  if (focus?.test(area)) focused.set(name, (focused.get(name) ?? 0) + delta);
  if (callers?.test(name)) {
    const chain: string[] = [name];
    for (let id = parents.get(profile.samples[index]!); id !== undefined && chain.length < 6; id = parents.get(id)) chain.push(frameName(byId.get(id)!.callFrame));
    const key = chain.join('\n      ← ');
    chains.set(key, (chains.get(key) ?? 0) + delta);
  }
}
const idle = areas.get('(idle)') ?? 0;
const busy = total - idle;
console.log(`route rounds: ${(total / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy; shares of busy time:`);
for (const [area, micros] of [...areas].filter(([area]) => area !== '(idle)').sort((a, b) => b[1] - a[1])) {
  console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${area}`);
}
console.log(`top ${top} functions (self time, share of busy):`);
for (const [name, micros] of [...functions].filter(([name]) => !name.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
}
if (focus) {
  console.log(`functions of the areas matching ${focus.source}:`);
  for (const [name, micros] of [...focused].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`);
}
if (callers) {
  console.log(`callers of the functions matching ${callers.source}:`);
  for (const [chain, micros] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${chain}`);
}
console.log(`per submission: ${(busy / 1000 / result.http.attempted).toFixed(3)} ms of server CPU`);

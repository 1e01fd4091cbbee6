/**
 * The extraction child processes: one per document, each with its own V8 heap limit, never reused
 * (a document cannot leave state behind for the next tenant's). Starting Node costs tens of
 * milliseconds (seconds under tsx), so one spare with the default heap is kept started and warmed
 * (parsers loaded) after the first document, and the next document with the default limits takes
 * it: the start leaves the document's critical path.
 */
import { type ChildProcess, fork, type ForkOptions } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { bundledScript } from '../../bundled-script';
import type { ChildMessage } from './types';

/** The child's script (dist/extract.child.js in the bundle). */
const extractChildScript = () =>
  bundledScript('extract.child', new URL('./extract.child.ts', import.meta.url));
/** What the child loads before its script: no network (dist/no-network.js in the bundle). */
const noNetworkScript = () => bundledScript('no-network', new URL('./no-network.ts', import.meta.url));

/** The environment variables a child is given: none of the server's secrets or settings. */
const CHILD_ENV = ['PATH', 'NODE_ENV'] as const;

/**
 * How an extraction child is forked: a `heapMb` old-generation heap, the network refused before
 * its script loads (no-network.ts), and an environment of `CHILD_ENV` only.
 */
export function extractForkOptions(heapMb: number): ForkOptions {
  const env: NodeJS.ProcessEnv = {};
  for (const name of CHILD_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    // Not the parent's flags or NODE_OPTIONS (a test runner's, a debugger's, a bigger heap).
    execArgv: [`--max-old-space-size=${heapMb}`, `--import=${pathToFileURL(noNetworkScript()).href}`],
    env,
    // Structured clone: the bytes travel as a Uint8Array, not as JSON.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  };
}

/** The end of a child's stderr kept to tell a heap overflow from other deaths. */
const STDERR_TAIL = 4096;

/** One started child, for one document. */
export interface ExtractProcess {
  child: ChildProcess;
  heapMb: number;
  /** Resolves when the child listens for its request; rejects when it dies or cannot start first. */
  ready: Promise<void>;
  /** The last few KB the child wrote to stderr (V8 writes its fatal errors there). */
  stderr(): string;
}

/** Forks a child with a `heapMb` old-generation heap; `warm` loads the parsers before it is ready. */
export function startExtractProcess(heapMb: number, warm: boolean): ExtractProcess {
  const child = fork(extractChildScript(), warm ? ['--warm'] : [], extractForkOptions(heapMb));
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    tail = (tail + text).slice(-STDERR_TAIL);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (!('ready' in message)) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the extraction process exited (${signal ?? `code ${code}`}) before it was ready`)),
    );
  });
  // Whoever takes the process awaits `ready`; a spare that dies unused is no one's error.
  ready.catch(() => undefined);
  return { child, heapMb, ready, stderr: () => tail };
}

let spare: ExtractProcess | null = null;

/**
 * A child for one document: the warm spare when it has this heap and lives, else a new one. A
 * spare with this heap is then started for the next document (one with another heap is dropped).
 */
export function takeExtractProcess(heapMb: number): ExtractProcess {
  let taken: ExtractProcess | null = null;
  if (spare && spare.heapMb === heapMb && spare.child.exitCode === null && spare.child.signalCode === null) {
    taken = spare;
    taken.child.ref();
    taken.child.channel?.ref();
  } else {
    spare?.child.kill('SIGKILL');
  }
  spare = startExtractProcess(heapMb, true);
  // An idle spare keeps nothing alive; it exits by itself when this process goes (disconnect).
  spare.child.unref();
  spare.child.channel?.unref();
  return taken ?? startExtractProcess(heapMb, false);
}

/** Kills the spare (on shutdown); the next document starts a new one. */
export function stopExtractProcesses(): void {
  spare?.child.kill('SIGKILL');
  spare = null;
}

/** The resident memory of a process in MB, from /proc (Linux); null where it cannot be read. */
export async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

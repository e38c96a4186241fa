import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RestartPolicy {
  /** A run shorter than this counts as a quick crash; a longer one resets the count. */
  quickMs: number;
  /** Quick crashes in a row after which the group gives up. */
  maxQuickCrashes: number;
  /** Delay before the nth restart in a row (1-based). */
  backoffMs: (attempt: number) => number;
}

export const DEFAULT_RESTART: RestartPolicy = {
  quickMs: 10_000,
  maxQuickCrashes: 5,
  backoffMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 8_000),
};

export interface ProcessGroupOptions {
  restart?: RestartPolicy;
  /** Where the group's own lines go (default: stderr). */
  log?: (line: string) => void;
  /**
   * Called once when a process keeps crashing: the default stops the whole group and exits with
   * a failure, since the local service cannot work without it.
   */
  onGiveUp?: (name: string) => void;
}

interface Member {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  quiet?: boolean;
  child: ChildProcess;
  startedAt: number;
  quickCrashes: number;
  restarts: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Child processes of the local stack, stopped together. A process that exits on its own — a
 * stand-in that crashed or was killed, or the app — is started again after a short back-off, with
 * a line naming it and how it ended, so one crashing stand-in no longer takes the whole `npm
 * start` down (issue 11 §8). One that keeps dying within seconds of starting is given up on with
 * a clear message instead of being restarted forever.
 */
export class ProcessGroup {
  private readonly members: Member[] = [];
  private stopping = false;
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly onGiveUp: (name: string) => void;

  constructor(options: ProcessGroupOptions = {}) {
    this.policy = options.restart ?? DEFAULT_RESTART;
    this.log = options.log ?? ((line) => console.error(line));
    this.onGiveUp =
      options.onGiveUp ??
      (() => {
        void this.stopAll().then(() => process.exit(1));
      });
  }

  spawn(
    name: string,
    command: string,
    args: string[],
    options: { env?: Record<string, string | undefined>; quiet?: boolean } = {},
  ): ChildProcess {
    const member: Member = {
      name,
      command,
      args,
      env: options.env,
      quiet: options.quiet,
      child: undefined as unknown as ChildProcess,
      startedAt: 0,
      quickCrashes: 0,
      restarts: 0,
      timer: null,
    };
    this.members.push(member);
    this.start(member);
    return member.child;
  }

  /** How many times the named process was restarted (for tests and status lines). */
  restartsOf(name: string): number {
    return this.members.find((m) => m.name === name)?.restarts ?? 0;
  }

  /** The named process's current child (a new one after each restart). */
  current(name: string): ChildProcess | undefined {
    return this.members.find((m) => m.name === name)?.child;
  }

  private start(member: Member): void {
    const { name } = member;
    const child = spawn(member.command, member.args, {
      env: { ...process.env, ...member.env },
      stdio: member.quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'pipe', 'pipe'],
      detached: false,
    });
    member.child = child;
    member.startedAt = Date.now();
    const prefix = (line: string) => `[${name}] ${line}`;
    const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
      let buffer = '';
      stream?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) out.write(prefix(line) + '\n');
      });
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      this.exited(member, child, code, signal);
    };
    // A command that cannot be started emits 'error' and maybe no 'exit': it counts as a crash.
    child.on('error', (error) => {
      this.log(`[hojin] ${name} を起動できません: ${error.message}`);
      if (child.pid === undefined) end(null, null);
    });
    child.on('exit', end);
  }

  private exited(member: Member, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || member.child !== child) return;
    const how = `code=${code ?? '-'} signal=${signal ?? '-'}`;
    const quick = Date.now() - member.startedAt < this.policy.quickMs;
    member.quickCrashes = quick ? member.quickCrashes + 1 : 1;
    if (member.quickCrashes > this.policy.maxQuickCrashes) {
      this.log(
        `[hojin] ${member.name} が起動直後の異常終了を ${member.quickCrashes} 回繰り返したため、再起動をあきらめて停止します（${how}）。上のログを確認してください。`,
      );
      this.onGiveUp(member.name);
      return;
    }
    const delay = this.policy.backoffMs(member.quickCrashes);
    this.log(`[hojin] ${member.name} が終了しました（${how}）。${(delay / 1000).toFixed(1)} 秒後に再起動します。`);
    member.timer = setTimeout(() => {
      member.timer = null;
      if (this.stopping) return;
      member.restarts += 1;
      this.start(member);
    }, delay);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const member of this.members) {
      if (member.timer) clearTimeout(member.timer);
      member.timer = null;
    }
    await Promise.all(
      this.members.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** Waits until something accepts TCP connections on host:port. */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${host}:${port} did not open within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** True when host:port already accepts connections (another instance is running). */
export async function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs a command to completion, inheriting stdio; rejects on a non-zero exit. */
export async function run(
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...options.env }, cwd: options.cwd });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

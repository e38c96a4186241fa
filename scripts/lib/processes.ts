import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Child processes of the local stack, stopped together. */
export class ProcessGroup {
  private readonly children: { name: string; child: ChildProcess }[] = [];
  private stopping = false;

  spawn(
    name: string,
    command: string,
    args: string[],
    options: { env?: Record<string, string | undefined>; quiet?: boolean } = {},
  ): ChildProcess {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'pipe', 'pipe'],
      detached: false,
    });
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
    child.on('exit', (code, signal) => {
      if (!this.stopping) {
        console.error(`[hojin] ${name} が終了しました（code=${code ?? '-'} signal=${signal ?? '-'}）`);
        void this.stopAll().then(() => process.exit(code === 0 ? 1 : (code ?? 1)));
      }
    });
    this.children.push({ name, child });
    return child;
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
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

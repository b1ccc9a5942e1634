/**
 * A stand-in for a Redis Cluster node whose layout names nodes at an address nothing answers (as a cluster whose
 * nodes announce addresses this machine cannot reach does): it answers `CLUSTER SLOTS` with every slot served by
 * `unreachable`, the ready checks with `cluster_state:ok`, and anything else `+OK`. Enough of the Redis protocol
 * for a client to load the layout and then try the node.
 */
import { createServer, type Server } from 'node:net';

/** Each whole command (a RESP array of bulk strings) in `buffer`, and the unfinished rest. */
function commands(buffer: string): { found: string[][]; rest: string } {
  const found: string[][] = [];
  let at = 0;
  while (buffer[at] === '*') {
    const end = buffer.indexOf('\r\n', at);
    if (end < 0) break;
    let count = Number(buffer.slice(at + 1, end));
    let pos = end + 2;
    const args: string[] = [];
    for (; count > 0; count -= 1) {
      const lineEnd = buffer.indexOf('\r\n', pos);
      const length = Number(buffer.slice(pos + 1, lineEnd));
      if (lineEnd < 0 || buffer.length < lineEnd + 4 + length) return { found, rest: buffer.slice(at) };
      args.push(buffer.slice(lineEnd + 2, lineEnd + 2 + length));
      pos = lineEnd + 4 + length;
    }
    found.push(args);
    at = pos;
  }
  return { found, rest: buffer.slice(at) };
}

/** A RESP bulk string. */
const bulk = (text: string): string => `$${Buffer.byteLength(text)}\r\n${text}\r\n`;

/** The reply to one command. */
function reply(args: readonly string[], unreachable: { host: string; port: number }): string {
  const name = args
    .slice(0, 2)
    .map((arg) => arg.toLowerCase())
    .join(' ');
  if (name === 'cluster slots')
    return `*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n${bulk(unreachable.host)}:${unreachable.port}\r\n`;
  if (name === 'cluster info' || name.startsWith('info')) return bulk('cluster_state:ok\r\nloading:0\r\n');
  return '+OK\r\n';
}

/** Starts the stand-in on a free port of 127.0.0.1; answers it and its port. */
export async function startFakeClusterNode(unreachable: {
  host: string;
  port: number;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    let pending = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      const { found, rest } = commands(pending + chunk.toString('latin1'));
      pending = rest;
      for (const args of found) socket.write(reply(args, unreachable));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

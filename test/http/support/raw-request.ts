/**
 * Requests written by hand on a socket, for what `fetch` cannot send or read: oversized request heads, broken
 * requests, and the raw answers to them.
 */
import { connect } from 'node:net';

/** A raw response: status, headers (lower-case names) and the JSON body. */
export interface RawReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** Sends `head` (a request line and headers, no body) on a fresh connection and reads the whole answer. */
export function rawRequest(origin: string, head: string): Promise<RawReply> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    // The server may close while the request is still being written: the answer was read by then.
    socket.on('error', () => {});
    socket.on('close', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      try {
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
      } catch (error) {
        reject(new Error(`not a JSON answer: ${JSON.stringify(text.slice(0, 200))}`, { cause: error }));
      }
    });
  });
}

/** A GET of the product list with a query string of about `bytes` bytes and `headers` more header lines. */
export function listRequest(cookie: string, bytes: number, headers = ''): string {
  return (
    `GET /index.php?route=api/cart/getProducts&padding=${'a'.repeat(bytes)} HTTP/1.1\r\n` +
    `Host: x\r\nCookie: ${cookie}\r\n${headers}Connection: close\r\n\r\n`
  );
}

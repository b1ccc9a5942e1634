/**
 * Writes the fetch handler's `Response` to a node response. A lightweight one (see `lightweight.ts`) is
 * written from its reply in one `writeHead` and one `end`: the header lines as a Web `Response` is written (names
 * in lower case, in order, then `Set-Cookie`), with the body's `Content-Length`; the header list of the usual
 * JSON reply is worked out once per process. Any other `Response` is written from its headers and body.
 * @module
 */
import type { ServerResponse } from 'node:http';
import { type HttpReply, jsonHeaders } from './exchange.js';
import { lightReplyOf } from './lightweight.js';

/** A flat header list, as `writeHead` takes it: name, value, name, value, … */
type HeaderList = (string | string[])[];

/** `headers` as a flat list, names in lower case and in order. */
function sortedList(headers: Readonly<Record<string, string>>): HeaderList {
  const entries = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.flat();
}

/** The header list of {@link jsonHeaders}, made once. */
const jsonHeaderList: readonly (string | string[])[] = Object.freeze(sortedList(jsonHeaders));

/** Statuses that never carry a body, nor a `Content-Length` node would add. */
function isBodiless(status: number): boolean {
  return status === 204 || status === 304 || (status >= 100 && status < 200);
}

/** Whether a reply says its own `Content-Length` (a HEAD's does). */
function hasLength(reply: HttpReply): boolean {
  if (reply.headers === jsonHeaders) return false;
  for (const name of Object.keys(reply.headers)) if (name.toLowerCase() === 'content-length') return true;
  return false;
}

/**
 * The header list of a reply: its headers (the precomputed list for {@link jsonHeaders}), its cookies, and the
 * length of its body unless it says its own (a HEAD's) or its status has none. Node adds `Date` and the
 * connection's headers as it always does.
 */
function headerListOf(reply: HttpReply, body: string): HeaderList {
  const list: HeaderList = reply.headers === jsonHeaders ? jsonHeaderList.slice() : sortedList(reply.headers);
  if (reply.cookies.length > 0) list.push('Set-Cookie', reply.cookies as string[]);
  if (!hasLength(reply) && !isBodiless(reply.status))
    list.push('content-length', String(Buffer.byteLength(body)));
  return list;
}

/**
 * Writes a reply to the node response. A HEAD's reply has no body already, and node sends none for HEAD in any
 * case.
 * @param reply - the core's reply
 * @param res - node's response
 */
export function writeReply(reply: HttpReply, res: ServerResponse): void {
  const body = reply.body ?? '';
  res.writeHead(reply.status, headerListOf(reply, body));
  res.end(body);
}

/**
 * Writes the handler's `Response` to the node response: a lightweight one from its reply, any other from its
 * headers and body. A HEAD's response has no body already (the fetch handler answers HEAD itself), and node
 * sends none for HEAD in any case.
 * @param response - the fetch handler's answer
 * @param res - node's response
 */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const reply = lightReplyOf(response);
  if (reply !== undefined) return writeReply(reply, res);
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

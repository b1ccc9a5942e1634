/**
 * A run written as a shell script of curl commands against `npm start`, so that a counterexample can be
 * replayed by hand: the API key is `$KEY`, each session id is captured from its login into `$S1`, `$S2`, …,
 * bodies are written byte for byte through printf (NUL and invalid UTF-8 included), and long runs of one
 * character are written as `head -c N /dev/zero | tr`.
 */

/** A literal to write as a shell variable. */
export interface Variable {
  readonly text: string;
  readonly name: string;
}

/** A run of one character long enough to write as a repeat. */
const longRun = /(.)\1{63,}/s;

/** Splits text into literal pieces, variables and long runs. */
type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'var'; name: string }
  | { kind: 'run'; char: string; count: number };

function pieces(text: string, variables: readonly Variable[]): Piece[] {
  const found = variables
    .filter((v) => v.text !== '')
    .map((v) => ({ v, at: text.indexOf(v.text) }))
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const run = longRun.exec(text);
  if (found !== undefined && (run === null || found.at <= run.index)) {
    return [
      ...pieces(text.slice(0, found.at), variables),
      { kind: 'var', name: found.v.name },
      ...pieces(text.slice(found.at + found.v.text.length), variables),
    ];
  }
  if (run !== null) {
    return [
      ...pieces(text.slice(0, run.index), variables),
      { kind: 'run', char: run[1] ?? '', count: run[0].length },
      ...pieces(text.slice(run.index + run[0].length), variables),
    ];
  }
  return text === '' ? [] : [{ kind: 'text', text }];
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const repeat = (char: string, count: number) => `$(head -c ${count} /dev/zero | tr '\\0' ${quote(char)})`;

/** A shell word for printable text, with variables and long runs written out. */
export function shellWord(text: string, variables: readonly Variable[]): string {
  const written = pieces(text, variables).map((piece) => {
    if (piece.kind === 'var') return `"$${piece.name}"`;
    if (piece.kind === 'run') return `"${repeat(piece.char, piece.count)}"`;
    return quote(piece.text);
  });
  return written.length === 0 ? "''" : written.join('');
}

/** A printf command that writes `bytes` exactly. */
export function printfOf(bytes: Buffer, variables: readonly Variable[]): string {
  // Latin-1 maps each byte to one character, so byte-exact pieces survive the text handling below.
  const text = bytes.toString('latin1');
  const latin = variables.map((v) => ({ ...v, text: Buffer.from(v.text, 'utf8').toString('latin1') }));
  let format = '';
  const args: string[] = [];
  for (const piece of pieces(text, latin)) {
    if (piece.kind === 'var') {
      format += '%s';
      args.push(`"$${piece.name}"`);
    } else if (piece.kind === 'run') {
      format += '%s';
      args.push(`"${repeat(piece.char, piece.count)}"`);
    } else {
      for (const char of piece.text) {
        const code = char.charCodeAt(0);
        if (char === '%') format += '%%';
        else if (char === '\\') format += '\\\\';
        else if (char === "'" || code < 0x20 || code > 0x7e)
          format += `\\x${code.toString(16).padStart(2, '0')}`;
        else format += char;
      }
    }
  }
  return `printf '${format}'${args.map((arg) => ` ${arg}`).join('')}`;
}

/** One request of a run, as sent. */
export interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | undefined;
  /** The status it got (a comment in the script). */
  readonly status: number;
  /** When the request opened a session: the variable to capture its id into. */
  readonly captures?: string | undefined;
}

/** The curl command of one request. */
export function curlOf(sent: Sent, variables: readonly Variable[]): string {
  const method = sent.method === 'HEAD' ? '--head' : `-X ${quote(sent.method)}`;
  const headers = Object.entries(sent.headers).map(
    ([name, value]) => ` -H ${shellWord(`${name}: ${value}`, variables)}`,
  );
  const url = `"$URL"${shellWord(sent.path, variables)}`;
  const body = sent.body === undefined ? '' : ' --data-binary @-';
  const curl = `curl -sS ${method} ${url}${headers.join('')}${body}`;
  const piped = sent.body === undefined ? curl : `${printfOf(sent.body, variables)} | ${curl}`;
  const line =
    sent.captures === undefined
      ? piped
      : `${sent.captures}=$(${piped} | sed -E 's/.*"api_token":"([^"]*)".*/\\1/')`;
  return `${line}   # answered ${sent.status}`;
}

/** A whole run as a script against `npm start` on `$URL` with key `$KEY`; plain strings are comments. */
export function scriptOf(sent: readonly (Sent | string)[], variables: readonly Variable[]): string {
  return [
    '# Replay against the demo server: CARTWRIGHT_API_KEY="$KEY" npm start (add CARTWRIGHT_REDIS_URL and',
    '# CARTWRIGHT_DATABASE_URL for the stores mode). Moves of the clock are shown as comments: the demo server',
    '# runs on the real clock, so wait (or lower CARTWRIGHT_SESSION_TTL_SECONDS) to replay them.',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, written for the shell.
    'URL=http://127.0.0.1:8080; KEY=${KEY:?set KEY to the API key}',
    ...sent.map((s) => (typeof s === 'string' ? `# ${s}` : curlOf(s, variables))),
  ].join('\n');
}

/**
 * The TypeScript snippets of the README and of every page under docs/, taken from the pages as written (never
 * retyped), and what it takes to type-check and run them in a consumer project: a snippet line ending in a value
 * comment (`formatMoney(subtotal, usd); // '$1,234.51'`) becomes an assertion that the line gives that value. A
 * snippet that serves HTTP listens on a free port instead of the one it names, and never keeps the run alive.
 *
 * Three HTML comments, on the line before a block's fence, change how it is taken (the reader never sees them):
 * `<!-- snippet: continued -->` makes the block one program with the blocks before it on the page (a page that
 * builds one example step by step); `<!-- snippet: uses-first -->` makes it a program of its own that starts with
 * the page's first one (a page whose first block makes what every later one serves); `<!-- snippet: fragment … -->`
 * leaves the block out (a shape or an excerpt shown for reading, never a program; say why after the word). Every
 * other block must compile and run as written.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { root, type ScratchProject } from './project.js';

/** The README as it is in the repository. */
export const readme = (): string => readFileSync(join(root, 'README.md'), 'utf8');

/** The pages whose snippets run: the README and every page of docs/, with the name each snippet's files carry. */
export function documentedPages(): readonly (readonly [page: string, name: string])[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => [`docs/${file}`, file.replace(/\.md$/, '')] as const);
  return [['README.md', 'readme'], ...docs];
}

/** The packages a snippet of the docs imports besides cartwright, at the versions cartwright is developed with. */
export const snippetPackages = [
  'pg',
  '@types/pg',
  'ioredis',
  'express',
  '@types/express',
  'fastify',
  'hono',
  '@hono/node-server',
  'stripe',
  'standardwebhooks',
  'amqplib',
] as const;

/**
 * Put before a snippet: a server it starts listens on a free loopback port and does not keep the process alive,
 * so a snippet that ends by serving (`.listen(8080)`) runs to its end like any other.
 */
const listenAnywhere = [
  "import { Server as __Server } from 'node:net';",
  'const __listen = __Server.prototype.listen;',
  '(__Server.prototype as { listen: (...args: unknown[]) => __Server }).listen = function (this: __Server) {',
  "  return (__listen as (...args: unknown[]) => __Server).call(this, 0, '127.0.0.1').unref();",
  '};',
];

/** One program of a page: a block, or a block with the continued blocks after it. */
export interface Snippet {
  /** The program's text. */
  readonly code: string;
  /** The line of the page where its first block starts. */
  readonly line: number;
}

/** What a page's blocks are: the programs that run, and how many blocks are fragments. */
export interface PageSnippets {
  readonly snippets: readonly Snippet[];
  readonly fragments: number;
}

/** `code` after `program`, without the import lines `program` has already (a module may not import a name twice). */
function joined(program: string, code: string): string {
  const imports = new Set(program.split('\n').filter((line) => line.startsWith('import ')));
  const rest = code.split('\n').filter((line) => !imports.has(line));
  return `${program}\n${rest.join('\n')}`;
}

/** The ```ts (or ```typescript) blocks of `markdown` as programs, in order, without the fragments. */
export function typeScriptSnippets(markdown: string): PageSnippets {
  const snippets: Snippet[] = [];
  let fragments = 0;
  for (const match of markdown.matchAll(/^```(?:ts|typescript)\s*\n([\s\S]*?)^```\s*$/gm)) {
    const before = markdown.slice(0, match.index);
    const marker = /<!--\s*snippet:\s*([\w-]+)[^>]*-->\s*$/.exec(before)?.[1];
    const code = match[1] ?? '';
    const line = before.split('\n').length;
    const previous = snippets.at(-1);
    const first = snippets[0];
    if (marker === 'fragment') {
      fragments += 1;
    } else if (marker === 'continued') {
      if (previous === undefined) throw new Error(`line ${line}: a continued snippet with nothing before it`);
      snippets[snippets.length - 1] = { code: joined(previous.code, code), line: previous.line };
    } else if (marker === 'uses-first') {
      if (first === undefined) throw new Error(`line ${line}: uses-first on the page's first snippet`);
      snippets.push({ code: joined(first.code, code), line });
    } else if (marker === undefined) {
      snippets.push({ code, line });
    } else {
      throw new Error(`line ${line}: unknown snippet marker "${marker}" (continued, uses-first or fragment)`);
    }
  }
  return { snippets, fragments };
}

/** The value a comment states: a JS literal at its start, followed by nothing, `:`, `(` or two spaces. */
function statedValue(comment: string): { source: string } | undefined {
  if (!/^['"`{[\d-]|^(true|false|null)\b/.test(comment)) return undefined;
  for (let end = comment.length; end > 0; end -= 1) {
    const source = comment.slice(0, end).trimEnd();
    const rest = comment.slice(end);
    if (!/^(\s*$|\s*:|\s*\(|\s{2})/.test(rest)) continue;
    try {
      // A literal only: no name in scope, so anything else throws and a shorter prefix is tried.
      new Function(`"use strict"; return (${source});`)();
      return { source };
    } catch {
      // not a literal yet
    }
  }
  return undefined;
}

/**
 * `snippet` with each value-commented line turned into a check: `const x = …; // v` checks `x` after the
 * line, any other `expr; // v` checks `expr`. Lines without such a comment stay as they are.
 */
export function withChecks(snippet: string, name: string): { source: string; checks: number } {
  let checks = 0;
  const lines = snippet.split('\n').map((line, index) => {
    const match = /^(\s*)(.*?);\s*\/\/\s*(.*)$/.exec(line);
    const stated = match && statedValue(match[3] ?? '');
    if (!match || !stated) return line;
    checks += 1;
    const [, indent = '', statement = ''] = match;
    const where = JSON.stringify(`${name} line ${index + 1}: ${statement}`);
    const declared = /^(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=/.exec(statement);
    return declared
      ? `${indent}${statement}; __check(${declared[1]}, ${stated.source}, ${where});`
      : `${indent}__check(${statement}, ${stated.source}, ${where});`;
  });
  const checker = [
    ...listenAnywhere,
    "import { deepStrictEqual as __deepStrictEqual } from 'node:assert/strict';",
    'function __check(actual: unknown, expected: unknown, where: string): void {',
    "  __deepStrictEqual(actual, expected, 'README ' + where);",
    '}',
  ];
  return { source: [...checker, ...lines, 'export {};', ''].join('\n'), checks };
}

/**
 * Runs one compiled snippet to its end: a snippet that leaves a pool or a client open (as a host's code does,
 * for the life of its process) is ended once its module has run and what it started has had a moment to fail.
 */
const runner = `const [file] = process.argv.slice(2);
await import(new URL(file, 'file://' + process.cwd() + '/').href);
setTimeout(() => process.exit(0), 500);
`;

/** The environment the snippets read, as a host's deployment sets it, with a database of the run's own. */
function snippetEnvironment(databaseUrl: string): Record<string, string> {
  return {
    CARTWRIGHT_API_KEY: randomBytes(32).toString('base64url'),
    API_KEY: randomBytes(32).toString('base64url'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    CARTWRIGHT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
    STRIPE_SECRET_KEY: 'sk_test_snippets',
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
  };
}

/** Where the snippets' PostgreSQL database is made: the server the integration tests use. */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `body` with a database of its own on the tests' server, dropped afterwards. */
async function withDatabase<T>(body: (url: string) => T): Promise<T> {
  const name = `cw_snippets_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return body(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/**
 * Writes every snippet of the README and the docs into `project` twice — as written (`<page>-<n>.mts`) and with
 * its value comments as checks (`<page>-<n>.check.mts`) — type-checks and compiles both under nodenext in one
 * compiler run, then runs the checked ones, each in a process of its own against the servers. Answers how many
 * snippets ran, how many value comments they checked, how many blocks are fragments, and which pages had snippets.
 */
export async function runDocumentedSnippets(
  project: ScratchProject,
  only?: (page: string) => boolean,
): Promise<{ snippets: number; checks: number; fragments: number; pages: string[] }> {
  const asWritten: string[] = [];
  const checked: string[] = [];
  const pages: string[] = [];
  let checks = 0;
  let fragments = 0;
  for (const [page, prefix] of documentedPages()) {
    if (only !== undefined && !only(page)) continue;
    const found = typeScriptSnippets(readFileSync(join(root, page), 'utf8'));
    fragments += found.fragments;
    if (found.snippets.length > 0) pages.push(page);
    found.snippets.forEach((snippet, index) => {
      const name = `${prefix}-${index + 1}`;
      project.write(`${name}.mts`, `${snippet.code}\nexport {};\n`);
      const transformed = withChecks(snippet.code, `${page} snippet at line ${snippet.line}`);
      project.write(`${name}.check.mts`, transformed.source);
      asWritten.push(`${name}.mts`);
      checked.push(`${name}.check.mts`);
      checks += transformed.checks;
    });
  }
  const strict = [
    '--strict',
    '--module',
    'nodenext',
    '--target',
    'es2022',
    '--types',
    'node',
    '--skipLibCheck',
  ];
  // One compiler run for both copies (starting tsc with the package's and Node's types costs more than the
  // snippets): the copies as written are emitted too, and only the checked ones are run.
  project.tsc(...strict, '--outDir', 'readme-out', ...asWritten, ...checked);
  project.write('run-snippet.mjs', runner);
  await withDatabase((databaseUrl) => {
    const env = snippetEnvironment(databaseUrl);
    for (const file of checked) {
      const compiled = join('readme-out', file.replace(/\.mts$/, '.mjs'));
      try {
        project.nodeWith(env, 'run-snippet.mjs', compiled);
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`);
      }
    }
  });
  return { snippets: checked.length, checks, fragments, pages };
}

/**
 * The TypeScript snippets of the README and the getting-started guide, taken from the pages as written (never
 * retyped), and what it takes to type-check and run them in a consumer project: a snippet line ending in a value
 * comment (`formatMoney(subtotal, usd); // '$1,234.51'`) becomes an assertion that the line gives that value. A
 * snippet that serves HTTP listens on a free port instead of the one it names, and never keeps the run alive.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, type ScratchProject } from './project.js';

/** The README as it is in the repository. */
export const readme = (): string => readFileSync(join(root, 'README.md'), 'utf8');

/** The pages whose snippets run, with the name each snippet's files and messages carry. */
export const runnablePages: readonly (readonly [page: string, name: string])[] = [
  ['README.md', 'readme'],
  ['docs/getting-started.md', 'getting-started'],
];

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

/** The body of every ```ts (or ```typescript) block of `markdown`, in order. */
export function typeScriptBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  for (const match of markdown.matchAll(/^```(?:ts|typescript)\s*\n([\s\S]*?)^```\s*$/gm)) {
    blocks.push(match[1] ?? '');
  }
  return blocks;
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
 * Writes every snippet of the runnable pages into `project` twice — as written (`readme-<n>.mts`) and with its
 * value comments as checks (`readme-<n>.check.mts`) — type-checks both under nodenext, then compiles and runs
 * the checked ones. Answers how many snippets ran and how many value comments they checked.
 */
export function runReadmeSnippets(project: ScratchProject): { snippets: number; checks: number } {
  const asWritten: string[] = [];
  const checked: string[] = [];
  let checks = 0;
  let snippets = 0;
  for (const [page, prefix] of runnablePages) {
    const blocks = typeScriptBlocks(readFileSync(join(root, page), 'utf8'));
    snippets += blocks.length;
    blocks.forEach((block, index) => {
      const name = `${prefix}-${index + 1}`;
      project.write(`${name}.mts`, `${block}\nexport {};\n`);
      const transformed = withChecks(block, `${page} snippet ${index + 1}`);
      project.write(`${name}.check.mts`, transformed.source);
      asWritten.push(`${name}.mts`);
      checked.push(`${name}.check.mts`);
      checks += transformed.checks;
    });
  }
  const strict = ['--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node'];
  project.tsc(...strict, '--noEmit', ...asWritten);
  project.tsc(...strict, '--outDir', 'readme-out', ...checked);
  for (const file of checked) project.node(join('readme-out', file.replace(/\.mts$/, '.mjs')));
  return { snippets, checks };
}

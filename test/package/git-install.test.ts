/**
 * Installing cartwright from git, as a user does before it is on a registry: a fresh TypeScript project runs
 * `npm install git+file://<this repository>#<HEAD>`. npm clones the commit, installs its devDependencies,
 * runs `prepare` (which builds dist/), packs it by `files` and installs that; the project then imports every
 * entry point and runs and type-checks the README's snippets.
 *
 * It installs the committed HEAD: uncommitted changes are not in it (CI runs on a clean clone).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../tsup.config.js';
import { consumerTooling, createScratchProject, root, run, type ScratchProject } from './support/project.js';
import { runDocumentedSnippets, snippetPackages } from './support/readme.js';

let project: ScratchProject;
let commit = '';

beforeAll(() => {
  commit = run('git', ['rev-parse', 'HEAD'], root).trim();
  project = createScratchProject('git-consumer');
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const packages = snippetPackages.map((name) => `${name}@${own.devDependencies[name]}`);
  project.install([`git+file://${root}#${commit}`, ...consumerTooling, ...packages]);
});

afterAll(() => {
  project?.remove();
});

describe('a git install', () => {
  it('is the package of the commit, built by prepare, with the files a tarball has', () => {
    const installed = join(project.dir, 'node_modules/cartwright');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string };
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(manifest.version).toBe(own.version);
    const dependency = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(dependency.dependencies.cartwright).toContain(commit);
    expect(readdirSync(installed).sort()).toEqual(
      ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist', 'docs', 'package.json'].sort(),
    );
    for (const name of Object.keys(entries)) {
      for (const ext of ['js', 'cjs', 'd.ts', 'd.cts'])
        expect(existsSync(join(installed, `dist/${name}.${ext}`))).toBe(true);
    }
  });

  it('imports every entry point from ESM and CJS', () => {
    const specifiers = Object.keys(entries).map((name) =>
      name === 'index' ? 'cartwright' : `cartwright/${name}`,
    );
    project.write(
      'entries.mjs',
      `${specifiers.map((s, i) => `import * as e${i} from '${s}';`).join('\n')}
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loaded = [${specifiers.map((_, i) => `e${i}`).join(', ')}];
const required = ${JSON.stringify(specifiers)}.map((s) => require(s));
console.log(JSON.stringify([loaded, required].map((mods) => mods.map((m) => Object.keys(m).length > 0))));`,
    );
    const everyOne = specifiers.map(() => true);
    expect(JSON.parse(project.node('entries.mjs'))).toEqual([everyOne, everyOne]);
  });

  // Every docs page's snippets run against the packed tarball (consumer.test.ts); what a git install can get
  // wrong is the build npm runs for it, which the README's snippets exercise as well as all of them would.
  it("runs and type-checks the README's snippets", async () => {
    const { pages, checks } = await runDocumentedSnippets(project, (page) => page === 'README.md');
    expect(pages).toEqual(['README.md']);
    expect(checks).toBeGreaterThanOrEqual(1);
  });
});

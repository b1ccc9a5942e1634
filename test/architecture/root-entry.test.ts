/**
 * The root entry stays small: `cartwright` exports at most 50 names, values and types together, as the compiler
 * sees them (what `export *` and `export type *` pull in counts too). Everything else belongs to a tier:
 * `cartwright/core`, `cartwright/extensions`, `cartwright/demo`, the adapters.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');

/** The names each module of src exports, as the type checker resolves them: one program for all of them. */
function exportedNames(...entries: string[]): string[][] {
  const files = entries.map((entry) => join(src, entry));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (symbol === undefined) throw new Error(`no module symbol for ${file}`);
    return checker.getExportsOfModule(symbol).map((exported) => exported.getName());
  });
}

/** The root's names and the core's, read once (a program over the sources takes a while on a loaded machine). */
const [names = [], core = []] = exportedNames('index.ts', 'core/index.ts');

describe('the root entry', () => {
  it('exports at most 50 names', () => {
    expect(names.length, names.sort().join(', ')).toBeLessThanOrEqual(50);
  });

  it('exports the composition root, its errors, money and the neverthrow types a caller needs', () => {
    for (const name of [
      'createCheckout',
      'Checkout',
      'CheckoutError',
      'Money',
      'money',
      'Result',
      'ResultAsync',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('leaves the machine to cartwright/core', () => {
    for (const name of ['decide', 'steps', 'operations', 'createPricing', 'createEngine']) {
      expect(names).not.toContain(name);
      expect(core).toContain(name);
    }
  });
});

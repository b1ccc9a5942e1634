/**
 * Every relative import and re-export of every source file under src/, read with TypeScript's parser, with
 * whether it brings in types only (`import type`, or every named binding marked `type`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/** One import: from a file to a file, both as paths under src/ with `/` (`domain/tax.ts`, `money/index.js`). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** True when it brings in types only, which leave nothing behind at run time. */
  readonly typeOnly: boolean;
}

const root = join(import.meta.dirname, '../../../src');

/** Whether an import or export declaration brings in types only. */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (clause === undefined) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      clause.name === undefined &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/** The relative imports of one file's text. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean): void => {
    if (!specifier.startsWith('.')) return;
    const to = relative(root, normalize(join(root, dirname(file), specifier)))
      .split(sep)
      .join('/');
    edges.push({ from: file.split(sep).join('/'), to, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node)) {
      // `import('./x.js').T` in a type position: types only.
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      if (literal !== undefined && ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Every relative import of every source file under src/. */
export function sourceImports(): readonly ImportEdge[] {
  const files = (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) =>
    /\.ts$/.test(file),
  );
  return files.flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

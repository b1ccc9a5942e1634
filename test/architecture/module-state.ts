/**
 * Finds module-level mutable state in a TypeScript source file, with the TypeScript compiler's own parser: a
 * module-level `let` or `var`; a `Map`, `Set`, `WeakMap`, `WeakSet` or `WeakRef` made when the module loads (an
 * `Array` made with `new` too); a module-level constant that a function changes later (a property or element
 * assigned, `delete`d or counted up, a changing method such as `push`, `set`, `add`, `clear` or `keep` called on
 * it, `Object.assign` into it); state hidden in a function run once when the module loads; a value made by a
 * `create…` factory when the module loads (it may keep state in a closure); a class's `static` field that holds a
 * table or is assigned. Read-only data (frozen or never changed literals, functions, types) is
 * not state.
 */
import ts from 'typescript';

/** One piece of module-level state: where it is and what it is. */
export interface ModuleState {
  readonly line: number;
  readonly what: string;
}

/** Constructors whose every instance is a mutable table or cell. */
const tableConstructors = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'Array']);

/** Methods that change the object they are called on (arrays, maps, sets, and the bounded-table kind). */
const changingMethods = new Set([
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
  'set',
  'add',
  'delete',
  'clear',
  'keep',
]);

/** The operators that assign to their left side. */
const assigningOperators = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken,
  ts.SyntaxKind.LessThanLessThanEqualsToken,
  ts.SyntaxKind.GreaterThanGreaterThanEqualsToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanEqualsToken,
  ts.SyntaxKind.AmpersandEqualsToken,
  ts.SyntaxKind.BarEqualsToken,
  ts.SyntaxKind.CaretEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

const isFunctionLike = (node: ts.Node): boolean =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every node under `node` for which `test` holds, not looking inside functions unless `intoFunctions`. */
function findAll(node: ts.Node, test: (node: ts.Node) => boolean, intoFunctions: boolean): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (child: ts.Node) => {
    if (test(child)) found.push(child);
    if (!intoFunctions && isFunctionLike(child)) return;
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

/** A `new Map()` (or another table constructor) anywhere in `node` outside functions. */
function tablesMadeIn(node: ts.Node): ts.Node[] {
  const isTable = (child: ts.Node) =>
    ts.isNewExpression(child) &&
    ts.isIdentifier(child.expression) &&
    tableConstructors.has(child.expression.text);
  return [...(isTable(node) ? [node] : []), ...findAll(node, isTable, false)];
}

/** The identifier an access chain starts from (`table` in `table.rows[0].name`), or undefined. */
function rootOf(expression: ts.Expression): string | undefined {
  let current: ts.Expression = expression;
  for (;;) {
    if (ts.isIdentifier(current)) return current.text;
    if (
      ts.isPropertyAccessExpression(current) ||
      ts.isElementAccessExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current)
    ) {
      current = current.expression;
    } else {
      return undefined;
    }
  }
}

/** The name a change made by `node` lands on (assignment target's root, a changing method's receiver), if any. */
function changedName(node: ts.Node): string | undefined {
  if (ts.isBinaryExpression(node) && assigningOperators.has(node.operatorToken.kind)) {
    const target = node.left;
    if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) return rootOf(target);
    return undefined;
  }
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
    (ts.isPropertyAccessExpression(node.operand) || ts.isElementAccessExpression(node.operand))
  ) {
    return rootOf(node.operand);
  }
  if (ts.isDeleteExpression(node)) return rootOf(node.expression);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && changingMethods.has(callee.name.text)) {
      return rootOf(callee.expression);
    }
    if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'Object' &&
      callee.name.text === 'assign'
    ) {
      const [target] = node.arguments;
      return target === undefined ? undefined : rootOf(target);
    }
  }
  return undefined;
}

/** The names declared by a binding (`a`, or each of `{ a, b: [c] }`). */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : boundNames(element.name),
  );
}

/** The module-level state of one source file (its `fileName` only names it in the parser). */
export function moduleState(fileName: string, text: string): ModuleState[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ModuleState[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const constants = new Map<string, ts.Node>();

  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const list = statement.declarationList;
      const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
      const isDeclare = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword) ?? false;
      if (isDeclare) continue;
      for (const declaration of list.declarations) {
        const names = boundNames(declaration.name).join(', ');
        if (!isConst) {
          const keyword = (list.flags & ts.NodeFlags.Let) !== 0 ? 'let' : 'var';
          found.push({ line: lineOf(declaration), what: `module-level \`${keyword} ${names}\`` });
          continue;
        }
        for (const name of boundNames(declaration.name)) constants.set(name, declaration);
        const initializer = declaration.initializer;
        if (initializer === undefined) continue;
        for (const table of tablesMadeIn(initializer)) {
          const made = ts.isNewExpression(table) ? table.expression.getText(source) : 'table';
          found.push({ line: lineOf(table), what: `\`new ${made}\` made at module level (in \`${names}\`)` });
        }
        found.push(...hiddenInRunOnce(initializer, names, lineOf));
        const made = madeByFactory(initializer, source);
        if (made !== undefined) {
          found.push({
            line: lineOf(initializer),
            what: `\`${names}\` made by \`${made}()\` when the module loads`,
          });
        }
      }
    } else if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        if (!ts.isPropertyDeclaration(member)) continue;
        const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false;
        if (!isStatic) continue;
        const isReadonly = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword) ?? false;
        const field = `${statement.name?.text ?? 'class'}.${member.name.getText(source)}`;
        if (!isReadonly)
          found.push({ line: lineOf(member), what: `static field \`${field}\` that can be assigned` });
        else if (member.initializer !== undefined && tablesMadeIn(member.initializer).length > 0) {
          found.push({ line: lineOf(member), what: `static field \`${field}\` holds a table` });
        }
      }
    } else if (!ts.isFunctionDeclaration(statement) && !ts.isClassDeclaration(statement)) {
      for (const table of tablesMadeIn(statement)) {
        if (ts.isNewExpression(table)) {
          found.push({
            line: lineOf(table),
            what: `\`new ${table.expression.getText(source)}\` at module level`,
          });
        }
      }
    }
  }

  // A module-level constant changed anywhere in the file (inside a function: when the module is used).
  const changes = findAll(source, (node) => changedName(node) !== undefined, true);
  for (const change of changes) {
    const name = changedName(change);
    if (name === undefined || !constants.has(name) || isShadowed(change, name)) continue;
    found.push({
      line: lineOf(change),
      what: `module-level \`${name}\` changed: \`${change.getText(source)}\``,
    });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Whether `name` at `node` means a local of an enclosing function rather than the module-level constant. */
function isShadowed(node: ts.Node, name: string): boolean {
  for (let scope = node.parent; scope !== undefined; scope = scope.parent) {
    if (
      isFunctionLike(scope) ||
      ts.isBlock(scope) ||
      ts.isForStatement(scope) ||
      ts.isForOfStatement(scope)
    ) {
      if (ownNames(scope).has(name)) return true;
    }
  }
  return false;
}

/** The names a function (its parameters), a block or a loop declares directly. */
function ownNames(scope: ts.Node): Set<string> {
  const names = new Set<string>();
  if (isFunctionLike(scope)) {
    for (const parameter of (scope as ts.SignatureDeclaration).parameters) {
      for (const name of boundNames(parameter.name)) names.add(name);
    }
    return names;
  }
  if (ts.isBlock(scope)) {
    for (const statement of scope.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of boundNames(declaration.name)) names.add(name);
        }
      }
    }
    return names;
  }
  if (ts.isForStatement(scope) || ts.isForOfStatement(scope)) {
    const initializer = ts.isForStatement(scope) ? scope.initializer : scope.initializer;
    if (initializer !== undefined && ts.isVariableDeclarationList(initializer)) {
      for (const declaration of initializer.declarations) {
        for (const name of boundNames(declaration.name)) names.add(name);
      }
    }
  }
  return names;
}

/** State a function run once when the module loads keeps in its closure (`(() => { let n = 0; … })()`). */
function hiddenInRunOnce(
  initializer: ts.Expression,
  names: string,
  lineOf: (node: ts.Node) => number,
): ModuleState[] {
  const runOnce = findAll(
    initializer,
    (node) =>
      ts.isCallExpression(node) &&
      (ts.isFunctionExpression(unwrap(node.expression)) || ts.isArrowFunction(unwrap(node.expression))),
    false,
  ).concat(
    ts.isCallExpression(initializer) &&
      (ts.isFunctionExpression(unwrap(initializer.expression)) ||
        ts.isArrowFunction(unwrap(initializer.expression)))
      ? [initializer]
      : [],
  );
  return runOnce.flatMap((call) => {
    const body = unwrap((call as ts.CallExpression).expression);
    const state = findAll(
      body,
      (node) =>
        (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.Const) === 0) ||
        (ts.isNewExpression(node) &&
          ts.isIdentifier(node.expression) &&
          tableConstructors.has(node.expression.text)),
      true,
    );
    return state.length === 0
      ? []
      : [
          {
            line: lineOf(call),
            what: `state kept by a function run when the module loads (in \`${names}\`)`,
          },
        ];
  });
}

/**
 * The name of the factory `initializer` calls, when it calls one named `create…` (`createInstantReader()`) that
 * may keep state in a closure: one imported from another file (no reading of this file can rule it out), or one
 * declared here whose body has a `let`, a `var` or a table.
 */
function madeByFactory(initializer: ts.Expression, source: ts.SourceFile): string | undefined {
  const call = unwrap(initializer);
  if (!ts.isCallExpression(call)) return undefined;
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : '';
  if (!/^create[A-Z]/.test(name)) return undefined;
  const local = source.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === name,
  );
  if (local?.body === undefined || !ts.isIdentifier(callee)) return name;
  const keepsState = findAll(
    local.body,
    (node) =>
      (ts.isVariableDeclarationList(node) &&
        (node.flags & (ts.NodeFlags.Const | ts.NodeFlags.Using)) === 0) ||
      (ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        tableConstructors.has(node.expression.text)),
    true,
  );
  return keepsState.length > 0 ? name : undefined;
}

const unwrap = (expression: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expression) ? unwrap(expression.expression) : expression;

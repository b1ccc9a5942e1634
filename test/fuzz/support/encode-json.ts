/**
 * Writing a parameter tree as a JSON body, in the spellings clients and attackers use: numbers as spelled
 * (`1e308`, `-0`, `NaN`), dotted member names (`{"shipping_method.code": …}`), and duplicate members the later
 * one overrides. Also measures the body the way the server's parser counts it.
 */
import { isList, isRecord, Ref, Spelled, type Tree } from './tree.js';

/** How the JSON is written. */
export interface JsonStyle {
  /** Writes the members of nested objects at the top level as dotted names (`a.b`). */
  readonly dots: boolean;
  /** Writes a decoy member with the same name before some members; the last one wins. */
  readonly decoys: boolean;
}

/** The JSON text and what the server's parser will count. */
export interface JsonEncoding {
  readonly text: string;
  /** Members (a dotted name counts once) and list elements, at every level. */
  readonly fields: number;
  /** The longest path of any member or element (a dotted name counts each of its parts). */
  readonly depth: number;
  /** Whether some number is spelled in a way JSON does not allow. */
  readonly malformed: boolean;
}

interface Counter {
  fields: number;
  depth: number;
  malformed: boolean;
}

function writeValue(tree: Tree, depth: number, counter: Counter, style: JsonStyle): string {
  if (tree instanceof Spelled) {
    counter.malformed ||= tree.value === undefined;
    return tree.text;
  }
  if (tree instanceof Ref) throw new Error('a reference must be resolved before it is encoded');
  if (isList(tree)) {
    const items = tree.map((item) => {
      counter.fields += 1;
      counter.depth = Math.max(counter.depth, depth + 1);
      return writeValue(item, depth + 1, counter, style);
    });
    return `[${items.join(',')}]`;
  }
  if (isRecord(tree)) return writeObject(Object.entries(tree), depth, counter, style);
  if (typeof tree === 'number' && !Number.isFinite(tree))
    throw new Error('use Spelled for non-finite numbers');
  return JSON.stringify(tree);
}

/** The members of an object, nested ones flattened to dotted names at the top level when asked. */
function membersOf(entries: readonly [string, Tree][], top: boolean, style: JsonStyle): [string[], Tree][] {
  return entries.flatMap(([key, value]): [string[], Tree][] => {
    if (top && style.dots && isRecord(value) && Object.keys(value).length > 0) {
      return Object.entries(value).map(([inner, item]) => [[key, inner], item]);
    }
    return [[[key], value]];
  });
}

function writeObject(
  entries: readonly [string, Tree][],
  depth: number,
  counter: Counter,
  style: JsonStyle,
): string {
  const members = membersOf(entries, depth === 0, style).map(([path, value], i) => {
    counter.fields += 1;
    counter.depth = Math.max(counter.depth, depth + path.length);
    const name = JSON.stringify(path.join('.'));
    const written = `${name}:${writeValue(value, depth + path.length, counter, style)}`;
    return style.decoys && i % 3 === 0 ? `${name}:"decoy",${written}` : written;
  });
  return `{${members.join(',')}}`;
}

/** Writes the parameters as a JSON object. */
export function encodeJson(params: { readonly [key: string]: Tree }, style: JsonStyle): JsonEncoding {
  const counter: Counter = { fields: 0, depth: 0, malformed: false };
  const text = writeObject(Object.entries(params), 0, counter, style);
  return { text, ...counter };
}

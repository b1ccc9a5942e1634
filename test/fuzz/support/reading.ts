/**
 * How the documentation says an operation reads its input (docs/http-api.md and the module notes of the input
 * parsers): integers from JSON integers or digit strings with blanks around them, texts from strings or plain
 * decimal numbers, maps of posted values from objects or lists, option values by their type. The model reads
 * an accepted request with these rules to say what it must have done; `undefined` means "malformed", which an
 * accepted request must never be.
 */
import type { Seen } from './tree.js';

/** The longest text an operation accepts before its own length rules. */
const maxTextLength = 1000;

/** Whether a value is absent or blank (an empty form input). */
export function isBlank(value: Seen | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An integer: a JSON integer, or 1 to 15 decimal digits with blanks around them (a `-` where negatives are
 * allowed); `-0` is 0. `fallback` is the value of a blank field; without one a blank field is malformed.
 */
export function readInteger(
  value: Seen | undefined,
  rule: { min: number; max?: number; fallback?: number },
): number | undefined {
  if (isBlank(value)) return rule.fallback;
  let n: number | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) n = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const pattern = rule.min < 0 ? /^-?\d{1,15}$/ : /^\d{1,15}$/;
    if (pattern.test(text)) n = Number(text);
  }
  if (n === undefined) return undefined;
  n = n === 0 ? 0 : n;
  return n >= rule.min && n <= (rule.max ?? Number.MAX_SAFE_INTEGER) ? n : undefined;
}

/** A non-negative id, blank meaning 0. */
export const readId = (value: Seen | undefined) => readInteger(value, { min: 0, fallback: 0 });

/** A text: a string of at most 1,000 units, or a finite number written in plain decimals; absent is `''`. */
export function readText(value: Seen | undefined): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.length <= maxTextLength ? value : undefined;
  if (typeof value === 'number') {
    const text = String(value);
    return /^-?\d+(?:\.\d+)?$/.test(text) && text.length <= maxTextLength ? text : undefined;
  }
  return undefined;
}

/** The entries of a posted map (an object, or a list keyed by index); blank is no entries. */
export function readMap(value: Seen | undefined): [string, Seen][] | undefined {
  if (isBlank(value)) return [];
  if (typeof value === 'object' && value !== null) return Object.entries(value);
  return undefined;
}

/**
 * The items of a posted list, each with its key: an array, an object keyed by canonical whole numbers (in
 * numeric order; the empty object is the empty list), absent (no items) or a scalar (one item, `0`).
 * `undefined` for an object with any other key, which is no list.
 */
export function readList(value: Seen | undefined): [string, Seen][] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object') return [['0', value]];
  const entries = Object.entries(value);
  if (!entries.every(([key]) => /^(0|[1-9]\d{0,14})$/.test(key))) return undefined;
  return entries.sort(([a], [b]) => Number(a) - Number(b));
}

/** The rows of a multi add: none when blank, a list's items, or the entries of an object with other keys. */
export function readRows(value: Seen | undefined): [string, Seen][] {
  if (isBlank(value)) return [];
  return readList(value) ?? Object.entries(value as object);
}

/** Code points of a text, trimmed (lengths are counted this way). */
export function length(text: string): number {
  return [...text.trim()].length;
}

/** An option or custom field value id: a non-negative safe integer or up to 15 digits, canonical decimal. */
function valueId(raw: Seen): string | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return String(Number(raw));
}

/** What the model knows of an option: its type and value ids. */
export interface OptionRule {
  readonly type: string;
  readonly required: boolean;
  readonly valueIds: readonly number[];
}

/** Whether a value counts as empty: absent, null, a blank string, an empty list (`[]` or `{}`). */
function isEmpty(raw: Seen | undefined): boolean {
  return isBlank(raw) || (typeof raw === 'object' && readList(raw)?.length === 0);
}

/**
 * The canonical stored value of an accepted option value: a value id for select and radio, the sorted unique
 * ids of a checkbox (a scalar is one; an object keyed 0, 1, … is a list), free text as given. `null` when the
 * value is empty (left out); `undefined` when it is malformed.
 */
export function readOption(
  rule: OptionRule,
  raw: Seen | undefined,
): string | readonly string[] | null | undefined {
  if (isEmpty(raw) || raw === undefined) return rule.required ? undefined : null;
  const allowed = new Set(rule.valueIds.map(String));
  if (rule.type === 'select' || rule.type === 'radio') {
    const id = valueId(raw);
    return id !== undefined && allowed.has(id) ? id : undefined;
  }
  if (rule.type === 'checkbox') {
    const items = readList(raw)?.map(([, item]) => item) ?? [raw];
    const ids = items.map(valueId);
    if (ids.some((id) => id === undefined || !allowed.has(id))) return undefined;
    return [...new Set(ids as string[])].sort((a, b) => Number(a) - Number(b));
  }
  if (typeof raw !== 'string') return undefined;
  const valid: Record<string, (text: string) => boolean> = {
    date: isDate,
    time: isTime,
    datetime: isDateTime,
  };
  return (valid[rule.type] ?? (() => true))(raw) ? raw : undefined;
}

/** `YYYY-MM-DD`, a real calendar day. */
function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** `HH:MM` or `HH:MM:SS`, 24-hour. */
function isTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

/** `YYYY-MM-DD HH:MM[:SS]`. */
function isDateTime(text: string): boolean {
  const [date = '', time = '', ...rest] = text.split(' ');
  return rest.length === 0 && isDate(date) && isTime(time);
}

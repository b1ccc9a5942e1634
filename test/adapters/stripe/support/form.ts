/**
 * Stripe's request encoding read back: `application/x-www-form-urlencoded` pairs with bracketed keys
 * (`metadata[order_id]=42`, `expand[0]=latest_charge`) as nested objects and arrays.
 */

/** A decoded parameter value. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** The parts of a bracketed key: `a[b][0]` → `['a', 'b', '0']`. */
function keyParts(key: string): string[] {
  const parts: string[] = [];
  const first = key.indexOf('[');
  parts.push(first < 0 ? key : key.slice(0, first));
  for (const match of key.slice(first < 0 ? key.length : first).matchAll(/\[([^\]]*)\]/g))
    parts.push(match[1] ?? '');
  return parts;
}

/** Places `value` at `parts` inside `target`, making objects (arrays for numeric keys) on the way. */
function place(target: Record<string, FormValue>, parts: readonly string[], value: string): void {
  let node: Record<string, FormValue> | FormValue[] = target;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const key = Array.isArray(node) ? Number(part) : part;
    const container = node as Record<string | number, FormValue>;
    if (last) {
      container[key] = value;
      return;
    }
    const next = parts[i + 1] ?? '';
    container[key] ??= /^\d+$/.test(next) ? [] : {};
    node = container[key] as Record<string, FormValue> | FormValue[];
  }
}

/** Decodes a form body or query string into nested parameters. */
export function parseStripeForm(text: string): Record<string, FormValue> {
  const params: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) place(params, keyParts(key), value);
  return params;
}

/** A canonical text of the parameters (keys sorted at every level), to compare two requests. */
export function fingerprint(params: Record<string, FormValue>): string {
  const sorted = (value: FormValue): unknown => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(sorted);
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key] as FormValue)]),
    );
  };
  return JSON.stringify(sorted(params));
}

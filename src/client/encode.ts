/**
 * A request's parameters as a query string: nested values in PHP's bracket form (`option[226]=15`), which the
 * handler reads as a form reads them. Absent values (`undefined`, `null`) are left out.
 * @module
 */

/** Appends `value` under `name` to `params`, nested objects and lists as `name[key]`. */
export function appendParam(params: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) appendParam(params, `${name}[${key}]`, item);
    return;
  }
  params.append(name, String(value));
}

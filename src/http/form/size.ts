/**
 * The first check of every entry point: is the text within `maxBytes` UTF-8 bytes? It is answered without
 * encoding the text and without reading past the limit, so a huge body is refused in constant time when its
 * UTF-16 length alone decides, and with a scan that stops at the limit otherwise.
 * @module
 */
import { ok, type Result } from 'neverthrow';
import { tooLarge } from './refusals.js';
import type { BodyLimits, FormError } from './types.js';

/** Refuses text over `maxBytes` UTF-8 bytes, without encoding it and without reading past the limit. */
export function checkSize(text: string, limits: BodyLimits): Result<void, FormError> {
  return utf8LengthExceeds(text, limits.maxBytes) ? tooLarge(limits) : ok(undefined);
}

function utf8LengthExceeds(text: string, max: number): boolean {
  // Every UTF-16 unit takes at least one byte and at most three (a surrogate pair takes four for two units),
  // so the length alone decides most cases and a 10 MB string is refused without a scan.
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isSurrogatePair(unit, text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3; // includes a lone surrogate, which UTF-8 encoders write as U+FFFD
  }
  return bytes > max;
}

function isSurrogatePair(high: number, low: number): boolean {
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

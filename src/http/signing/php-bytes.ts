/**
 * PHP strings are bytes, not text. The signing code keeps them as "byte strings": JS strings whose every code
 * unit is one byte (0–255), so that PHP's byte-wise rules (its URL decoding, its array keys, its trimming) can be
 * followed exactly, and a key PHP would see as equal is equal here. Web-standard only: no Node import.
 * @module
 */

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The byte string of `text` encoded as UTF-8. */
export function byteStringOf(text: string): string {
  // ASCII text is its own UTF-8, and form bodies are almost always ASCII (percent-encoded).
  if (!/[\u0080-\uffff]/.test(text)) return text;
  return byteStringFromBytes(encoder.encode(text));
}

/** The byte string of `bytes`. */
export function byteStringFromBytes(bytes: Uint8Array): string {
  let out = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a long body would pass too many.
  for (let start = 0; start < bytes.length; start += 8192) {
    out += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return out;
}

/** The bytes of a byte string. */
export function bytesOf(byteString: string): Uint8Array {
  const bytes = new Uint8Array(byteString.length);
  for (let i = 0; i < byteString.length; i++) bytes[i] = byteString.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * The text a byte string holds as UTF-8, or undefined when its bytes are not well-formed UTF-8 (overlong forms,
 * surrogates and truncated sequences included), which is what PHP's `htmlspecialchars` refuses too.
 */
export function utf8TextOf(byteString: string): string | undefined {
  // ASCII is the common case, and is its own UTF-8.
  if (!/[\u0080-\uffff]/.test(byteString)) return byteString;
  try {
    return strictDecoder.decode(bytesOf(byteString));
  } catch {
    return undefined;
  }
}

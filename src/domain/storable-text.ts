/**
 * Text that every store can hold exactly as it was posted. PostgreSQL refuses a NUL in a text value (and in
 * JSON), and writing UTF-8 replaces an unpaired surrogate with U+FFFD, so the memory store would keep what
 * PostgreSQL changes or refuses; non-characters are reserved for a program's internal use and have no place in
 * stored data. Text containing any of these is refused where it enters, so every store sees the same input.
 * @module
 */

/** A NUL, an unpaired surrogate (the `u` flag reads a well-formed pair as one code point), or a non-character. */
const unstorable = /[\0\p{Cs}\p{Noncharacter_Code_Point}]/u;

/**
 * Whether `text` can be stored as it is: no U+0000, no unpaired surrogate, no non-character (U+FDD0–U+FDEF and
 * the last two code points of every plane, U+FFFE, U+FFFF, U+1FFFE, …).
 * @param text - the text to check
 * @returns true when every store holds `text` unchanged
 */
export function isStorableText(text: string): boolean {
  return plainText(text) || !unstorable.test(text);
}

/**
 * Whether every UTF-16 unit of `text` is above U+0000 and below U+D800, where there is no surrogate and no
 * non-character: such text (most posted text) is storable without asking the regular expression, which costs far
 * more than a scan of a short text.
 */
function plainText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit === 0 || unit >= 0xd800) return false;
  }
  return true;
}

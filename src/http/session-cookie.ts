/**
 * The session cookie: read from `Cookie`, written with HttpOnly, SameSite=Lax, Path=/, and Secure
 * when the request came over HTTPS. The cookie carries the session id and nothing else.
 * @module
 */

/** The default cookie name, OpenCart's. */
export const defaultCookieName = 'OCSESSID';

/** The value of the cookie `name` in a `Cookie` header, or undefined. The first of duplicates wins. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** What the cookie is set with. */
export interface SessionCookieOptions {
  readonly name: string;
  /** Adds `Secure`. */
  readonly secure: boolean;
}

/** The attributes every session cookie carries. */
function attributes(options: SessionCookieOptions): string {
  return `Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** A `Set-Cookie` value that stores `sessionId` for the browser session (the server decides expiry). */
export function sessionCookie(sessionId: string, options: SessionCookieOptions): string {
  return `${options.name}=${sessionId}; ${attributes(options)}`;
}

/** A `Set-Cookie` value that removes the cookie (logout). */
export function clearedSessionCookie(options: SessionCookieOptions): string {
  return `${options.name}=; Max-Age=0; ${attributes(options)}`;
}

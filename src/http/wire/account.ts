/**
 * The wire shapes of the account routes: a login's session, a logout's text.
 * @module
 */
import * as z from 'zod';

/** A login's answer: the session id is `api_token` (and the session cookie). */
export const loginWire = z.object({ success: z.string(), api_token: z.string() });

/** A logout's answer. */
export const logoutWire = z.object({ success: z.string() });

/** What a login sends. */
export const loginRequestWire = z.object({ username: z.string(), key: z.string() });

/** A login's answer. */
export type LoginJson = z.output<typeof loginWire>;
/** A logout's answer. */
export type LogoutJson = z.output<typeof logoutWire>;
/** What a login sends. */
export type LoginRequest = z.input<typeof loginRequestWire>;

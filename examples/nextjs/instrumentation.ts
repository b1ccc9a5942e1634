/**
 * Runs once when `next start` starts (Next.js's instrumentation hook): chooses the key of API user `demo` when
 * `CARTWRIGHT_API_KEY` is unset, before any route reads it (both runtimes read the server's environment), and
 * prints the line every example prints.
 */
import { generateApiKey } from 'cartwright';
import { listeningLine } from '../demo-handler.js';

export function register(): void {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  process.env.CARTWRIGHT_API_KEY ||= generateApiKey();
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 8080);
  console.log(listeningLine('Next.js', host, port, process.env.CARTWRIGHT_API_KEY));
}

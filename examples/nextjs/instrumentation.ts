import { generateApiKey } from 'cartwright';
import { listeningLine } from '../demo-handler.js';

export function register(): void {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  process.env.CARTWRIGHT_API_KEY ||= generateApiKey();
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 8080);
  console.log(listeningLine('Next.js', host, port, process.env.CARTWRIGHT_API_KEY));
}

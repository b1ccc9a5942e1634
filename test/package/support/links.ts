/**
 * The relative links of a Markdown document: the ones that break when the document is read anywhere but next
 * to the files it links to (inside the installed package, say).
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** One relative link: the document it is in, as written, and the file it points at from the package root. */
export interface RelativeLink {
  readonly document: string;
  readonly link: string;
  /** The linked file, relative to the package root, without the `#fragment`. */
  readonly target: string;
}

/** Markdown without fenced code blocks and inline code, where `[x](y)` is text, not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/**
 * Every link of `document` (a path relative to `root`) that is neither absolute (`https:`, `mailto:`…) nor a
 * fragment of the document itself.
 */
export function relativeLinks(root: string, document: string): RelativeLink[] {
  const markdown = withoutCode(readFileSync(join(root, document), 'utf8'));
  const links: RelativeLink[] = [];
  for (const match of markdown.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const link = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#')) continue;
    const path = decodeURI(link.split('#')[0] ?? '');
    links.push({ document, link, target: posix.normalize(posix.join(posix.dirname(document), path)) });
  }
  return links;
}

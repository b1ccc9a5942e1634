/**
 * Key prefixes that keep Redis Cluster's slot placement as the adapters mean it.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';

/**
 * `prefix` when it holds neither `{` nor `}`; else throws `CartwrightInvariantError` naming `owner` and why.
 *
 * Redis Cluster places a key by its hash tag, the text between the key's first `{` and the next `}`, or by the
 * whole key when there is none. The adapters rely on that: sessions and accepted signatures carry no tag, so they
 * spread over every slot and node, and the login throttle tags both keys of an attempt with its address, so that
 * one script can update both on the node that holds them. A brace in the prefix would come first in every key and
 * decide the tag instead: all sessions in one slot of one node, or the throttle's two keys torn apart (`CROSSSLOT`).
 * A single server ignores tags, but a prefix that works there would break the day the data moves to a cluster, so
 * it is refused everywhere.
 */
export function slotSafePrefix(prefix: string, owner: string): string {
  if (prefix.includes('{') || prefix.includes('}')) {
    throw new CartwrightInvariantError(
      `${owner}: prefix ${JSON.stringify(prefix)} must not contain "{" or "}". Redis Cluster places a key by the ` +
        'text between its first "{" and the next "}" (its hash tag), so a brace in the prefix would decide the ' +
        'slot of every key: all of them on one node, or the keys one script updates together in different slots ' +
        '(CROSSSLOT).',
    );
  }
  return prefix;
}

/**
 * The remote reads of shipping and payment methods. Every method is a pure rule `decide` runs; a method whose
 * rule prices from a remote source (a carrier's rates) has a `gather`, which the shell asks for the contexts a
 * decision named as wanted (each a port call, all at once), before deciding again with the answers as facts.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { UnavailableError } from '../domain/errors.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { GatheredAnswer, MethodFacts, WantedRead } from '../domain/methods/offers.js';
import { type Answer, askPort, type EngineContext } from './context.js';

/** No method registered, nothing read. */
const noMethods: MethodFacts = { shipping: [], payment: [], gathered: [] };

/** The registered methods, as facts with nothing read yet. */
export function methodFacts(context: EngineContext): MethodFacts {
  const { shippingMethods, paymentMethods } = context.deps;
  if (shippingMethods === undefined && paymentMethods === undefined) return noMethods;
  return { shipping: shippingMethods ?? [], payment: paymentMethods ?? [], gathered: [] };
}

/** Asks one wanted read of its method's `gather`; a rejection is `unavailable` `extension`. */
function askRead(
  context: EngineContext,
  messages: MessageCatalog,
  wanted: WantedRead,
): Answer<GatheredAnswer, UnavailableError> {
  const { code, key } = wanted;
  const ask = (): Promise<unknown> => {
    if (wanted.kind === 'shipping') {
      const method = context.deps.shippingMethods?.find((candidate) => candidate.code === code);
      return method?.gather?.(wanted.context) ?? Promise.resolve(undefined);
    }
    const method = context.deps.paymentMethods?.find((candidate) => candidate.code === code);
    return method?.gather?.(wanted.context) ?? Promise.resolve(undefined);
  };
  return askPort('extension', messages, ask).then((answer) =>
    answer.isErr() ? err(answer.error) : ok({ code, key, answer: answer.value }),
  );
}

/** `facts` with the answers of the `wanted` reads added, all asked at once. */
export async function gatherReads(
  context: EngineContext,
  messages: MessageCatalog,
  facts: MethodFacts,
  wanted: readonly WantedRead[],
): Answer<MethodFacts, UnavailableError> {
  if (wanted.length === 0) return ok(facts);
  const answers = await Promise.all(wanted.map((read) => askRead(context, messages, read)));
  const gathered = [...facts.gathered];
  for (const answer of answers) {
    if (answer.isErr()) return err(answer.error);
    gathered.push(answer.value);
  }
  return ok({ ...facts, gathered });
}

/**
 * `/edge/index.php`: the same route handler on Next.js's edge runtime (no Node APIs; cartwright's root entry,
 * its memory adapters and its fetch handler need none).
 */
import { serve } from '../../../checkout.js';

export const runtime = 'edge';

export { serve as GET, serve as HEAD, serve as OPTIONS, serve as POST };

/**
 * `/index.php` in a Next.js App Router route handler on the Node runtime: every method the API takes, served by
 * the fetch handler as it is (a route handler speaks Web `Request` and `Response`).
 */
import { serve } from '../../checkout.js';

export const runtime = 'nodejs';

export { serve as GET, serve as HEAD, serve as OPTIONS, serve as POST };

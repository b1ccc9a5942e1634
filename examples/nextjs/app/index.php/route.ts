import { serve } from '../../checkout.js';

export const runtime = 'nodejs';

export { serve as GET, serve as HEAD, serve as OPTIONS, serve as POST };

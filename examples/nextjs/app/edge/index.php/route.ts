import { serve } from '../../../checkout.js';

export const runtime = 'edge';

export { serve as GET, serve as HEAD, serve as OPTIONS, serve as POST };

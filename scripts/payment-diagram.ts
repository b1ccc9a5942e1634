/**
 * Prints the payment state diagram generated from the payment state table (`src/domain/payment/status.ts`), for
 * docs/payments.md: `npx tsx scripts/payment-diagram.ts`.
 */
import { paymentDiagram } from '../src/domain/payment/status.js';

console.log(`\`\`\`mermaid\n${paymentDiagram()}\n\`\`\``);

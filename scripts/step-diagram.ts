/**
 * Prints the checkout state diagram generated from the step table (`src/domain/machine/steps.ts`), for
 * docs/checkout-steps.md: `npx tsx scripts/step-diagram.ts`.
 */
import { stepDiagram } from '../src/domain/machine/steps.js';

console.log(`\`\`\`mermaid\n${stepDiagram()}\n\`\`\``);

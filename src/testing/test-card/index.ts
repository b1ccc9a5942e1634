/**
 * The test card provider: a card gateway's test mode in process, its challenge page and its signed webhooks.
 * @module
 */
export {
  createTestCardProvider,
  type TestCardProvider,
  type TestCardProviderOptions,
  testCardTokens,
} from './provider.js';
export {
  checkTestCardSignature,
  type SignedWebhook,
  signTestCardWebhook,
  TEST_CARD_SIGNATURE_HEADER,
  webhookRequest,
} from './signature.js';

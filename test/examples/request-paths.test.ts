import { describe, expect, it } from 'vitest';
import { isDocsRequest } from '../../examples/shared/docs-page.js';
import { isShopRequest } from '../../examples/storefront/storefront.js';
import { isChallengeRequest } from '../../examples/storefront/test-card.js';

describe("the demo server's routing by path", () => {
  it('sends the storefront its folder, with or without a query, and nothing that only starts alike', () => {
    for (const url of ['/shop', '/shop?order=3', '/shop/', '/shop/app.js', '/shop/a?b=c']) {
      expect(isShopRequest(url), url).toBe(true);
    }
    for (const url of ['/', '/shopping', '/shop.js', '/index.php?route=/shop', undefined]) {
      expect(isShopRequest(url), String(url)).toBe(false);
    }
  });

  it('sends the reference page its folder, for reads only', () => {
    for (const url of ['/docs', '/docs?x=1', '/docs/', '/docs/openapi.json']) {
      expect(isDocsRequest('GET', url), url).toBe(true);
      expect(isDocsRequest('HEAD', url), url).toBe(true);
      expect(isDocsRequest('POST', url), url).toBe(false);
    }
    for (const url of ['/doc', '/docsy', '/index.php?route=/docs', undefined]) {
      expect(isDocsRequest('GET', url), String(url)).toBe(false);
    }
  });

  it("sends the test card's challenge pages what lies under their folder only", () => {
    expect(isChallengeRequest('/test-card/challenge/abc')).toBe(true);
    expect(isChallengeRequest('/test-card/challenge/abc?x=1')).toBe(true);
    for (const url of [
      '/test-card/challenge',
      '/test-card/challenge?x=/',
      '/test-card/challengex/',
      undefined,
    ]) {
      expect(isChallengeRequest(url), String(url)).toBe(false);
    }
  });
});

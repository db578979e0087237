// The browser test (npm run test:browser): opt-in, since it needs a Chromium; .ci/run runs it when one is present.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    reporters: ['default', './test/reporter.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

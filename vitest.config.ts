import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the browser test needs a Chromium: npm run test:browser (vitest.browser.config.ts), run by .ci/run when present
    exclude: [...configDefaults.exclude, 'test/browser/**'],
    reporters: ['default', './test/reporter.ts'],
    // both cores: vitest's default on a 2-core machine is one worker, which ran the files one after another
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

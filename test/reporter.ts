// A vitest reporter that ends the run with the plain line CI reads: "N passed, N failed". A test file that
// fails to load, and an error thrown outside any test, each count as one failure.

import type { Reporter, TestModule } from 'vitest/node';

export default class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    for (const module of modules) {
      let moduleFailures = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') moduleFailures++;
      }
      if (moduleFailures === 0 && (module.state() === 'failed' || module.errors().length > 0)) moduleFailures = 1;
      failed += moduleFailures;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}

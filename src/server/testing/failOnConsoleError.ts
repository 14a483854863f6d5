import { afterEach, beforeEach } from 'vitest';

/** docs/architecture.md §11.7: `console.error` in a test is a failure. */
let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (errors.length > 0)
    throw new Error(`console.error was called ${errors.length} time(s) during the test`);
});

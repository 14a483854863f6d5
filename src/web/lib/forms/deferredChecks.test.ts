import { describe, expect, it, vi } from 'vitest';
import { deferredChecks } from './deferredChecks';

type Values = { name: string };
const rules = {
  check: (values: Values) => (values.name === '' ? { name: 'Give the name' } : {}),
};

describe('deferredChecks', () => {
  it('waits for the checks at the first use, then answers at once', async () => {
    const load = vi.fn(async () => rules);
    const checks = deferredChecks(load);
    const validate = checks.validate<Values>((module, values) => module.check(values));
    const first = validate({ name: '' });
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ name: 'Give the name' });
    expect(validate({ name: 'Ada' })).toEqual({});
    expect(validate({ name: '' })).toEqual({ name: 'Give the name' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches once however many keys are pressed before the checks arrive', async () => {
    let arrive: (module: typeof rules) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof rules>((resolve) => (arrive = resolve)));
    const checks = deferredChecks(load);
    checks.prefetchProps.onKeyDownCapture();
    checks.prefetchProps.onPointerDownCapture();
    checks.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    expect(checks.loaded).toBeUndefined();
    arrive(rules);
    await Promise.resolve();
    await Promise.resolve();
    expect(checks.loaded).toBe(rules);
    checks.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('finds nothing wrong when the checks cannot be fetched, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof rules>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(rules);
    const checks = deferredChecks(load);
    const validate = checks.validate<Values>((module, values) => module.check(values));
    // The server checks the same schemas: the form sends, and its refusal goes on the fields.
    expect(await validate({ name: '' })).toEqual({});
    expect(await validate({ name: '' })).toEqual({ name: 'Give the name' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

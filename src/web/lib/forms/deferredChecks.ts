import type { FormErrors } from '@mantine/form';

/**
 * A form's checks whose code is fetched when the officer first uses the form, not with the page
 * (docs/architecture.md §9 "Web"): the checks are the API's own zod schemas, about 25 KB of
 * brotli with zod, and a page whose first draw is a form would carry them on every visit.
 *
 * `load` is a dynamic `import()` of the module that checks (it, and only it, imports the
 * schemas). The form fetches it at the first key pressed or pointer pressed inside it
 * (`prefetchProps`), so it is there by the time Submit is; a Submit before that waits for it.
 * Mantine's form takes a validator that answers a promise (@mantine/form 9, `FormValidateInput`).
 */
export function deferredChecks<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const fetchChecks = (): Promise<M> => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (the connection dropped) is tried again at the next use.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const prefetch = () => {
    if (loaded === undefined) fetchChecks().catch(() => undefined);
  };
  return {
    /** Spread on the <form>: the first key or pointer pressed in it fetches the checks. */
    prefetchProps: { onKeyDownCapture: prefetch, onPointerDownCapture: prefetch },
    prefetch,
    /** The module when it has been fetched, else undefined (for a check that cannot wait). */
    get loaded(): M | undefined {
      return loaded;
    },
    /**
     * A validator for `useForm({ validate })`: at once once the checks are here, else when they
     * are. When they cannot be fetched it finds nothing wrong, and the form sends: the server
     * checks with the same schemas and its refusal is put on the fields (lib/failures/formErrors.ts).
     */
    validate<V>(check: (module: M, values: V) => FormErrors) {
      return (values: V): FormErrors | Promise<FormErrors> =>
        loaded !== undefined
          ? check(loaded, values)
          : fetchChecks().then(
              (module) => check(module, values),
              () => ({}),
            );
    },
  };
}

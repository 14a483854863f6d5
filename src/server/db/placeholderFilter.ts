import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';

type Condition = SQL | undefined;

/**
 * A part of a filter made elsewhere (the MDA scope, a name match): its shape, its values by
 * placeholder name, and its condition, given or built on demand.
 */
export type FilterPart = {
  shape: string;
  values: Readonly<Record<string, unknown>>;
  condition: Condition | (() => Condition);
};

/**
 * A list's filter for statements built once per shape (ADR 0017, db/prepared.ts `builtOnce`):
 * each present filter adds its values under placeholder names, a word to the shape, and a
 * condition that reads those placeholders. The conditions are assembled only when `where()` is
 * called, i.e. when a statement of a new shape is built; every other request only collects
 * its values.
 *
 * What keeps a cached statement right: each condition's SQL depends only on the word it added
 * to the shape (a placeholder's name, a list's length, a fixed filter's name), never on a
 * value, so one shape is one SQL text. A value goes through its placeholder; only what the
 * shape names may be written into the SQL.
 */
export class PlaceholderFilter {
  /** The values of this request, by placeholder name: pass them to the statement's `execute`. */
  readonly values: Record<string, unknown> = {};
  readonly #shape: string[] = [];
  readonly #conditions: (() => Condition)[] = [];

  /**
   * The general case: `shape` names this condition's SQL, `values` are the placeholders it
   * reads. A placeholder name given twice is a mistake in the caller and throws.
   */
  add(shape: string, values: Readonly<Record<string, unknown>>, condition: () => Condition): this {
    for (const key of Object.keys(values)) {
      if (Object.hasOwn(this.values, key)) throw new Error(`placeholder "${key}" given twice`);
    }
    Object.assign(this.values, values);
    this.#shape.push(shape);
    this.#conditions.push(condition);
    return this;
  }

  /**
   * One value's filter when the value is given (not undefined, null or an empty string):
   * the value under `key`, `key` in the shape, the condition on `sql.placeholder(key)`.
   */
  value(key: string, value: unknown, condition: (placeholder: Placeholder) => Condition): this {
    if (value === undefined || value === null || value === '') return this;
    return this.add(key, { [key]: value }, () => condition(sql.placeholder(key)));
  }

  /**
   * A list of values, one placeholder each (`<prefix>0`, `<prefix>1`…), its length in the shape
   * (`<prefix>[n]`); always added, so the condition decides what an empty list means.
   */
  list(
    prefix: string,
    items: readonly unknown[] | undefined,
    condition: (placeholders: Placeholder[]) => Condition,
  ): this {
    const list = items ?? [];
    const names = list.map((_, i) => `${prefix}${i}`);
    const values = Object.fromEntries(list.map((item, i) => [names[i], item]));
    return this.add(`${prefix}[${list.length}]`, values, () =>
      condition(names.map((name) => sql.placeholder(name))),
    );
  }

  /** A condition without values of its own (a fixed filter, a literal): `shape` must name it. */
  fixed(shape: string, condition: Condition | (() => Condition)): this {
    return this.add(shape, {}, typeof condition === 'function' ? condition : () => condition);
  }

  /** A part made elsewhere (e.g. auth/mdaScope.ts `whereInMdaScopeWithPlaceholders`). */
  part(part: FilterPart): this {
    const { condition } = part;
    return this.add(
      part.shape,
      part.values,
      typeof condition === 'function' ? condition : () => condition,
    );
  }

  /** Which filters are present, in order: the cache key's part that picks the statement. */
  get shape(): string {
    return this.#shape.join(',');
  }

  /** The conditions, built now (call inside a `builtOnce` builder), none left out but the empty. */
  conditions(): SQL[] {
    return this.#conditions.map((build) => build()).filter((c): c is SQL => c !== undefined);
  }

  /** Every condition ANDed, built now (call inside a `builtOnce` builder); undefined for none. */
  where(): SQL | undefined {
    return and(...this.conditions());
  }
}

import { z } from 'zod';

/** docs/architecture.md §3: lists take page and pageSize (≤ 200); the first page holds fifty (§10). */
export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE_DEFAULT = 50;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };
export type PageQuery = z.infer<typeof PageQuery>;

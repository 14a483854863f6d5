import { z } from 'zod';
import { PageQuery } from './pagination';
import { UserTypeSchema } from './userTypes';

export const OFFICER_SORTS = [
  'surname',
  '-surname',
  'username',
  '-username',
  'createdAt',
  '-createdAt',
] as const;

export const OfficerListQuery = PageQuery.extend({
  /** Part of a name, username, e-mail or Officer ID. */
  search: z.string().trim().max(100).optional(),
  userType: UserTypeSchema.optional(),
  sort: z.enum(OFFICER_SORTS).default('surname'),
});
export type OfficerListQuery = z.infer<typeof OfficerListQuery>;

import { z } from 'zod';
import { USER_TYPES } from './userTypeEnums';

export * from './userTypeEnums';

export const UserTypeSchema = z.enum(USER_TYPES);

export * from './compute';
export * from './enums';
export * from './rules';
export * from './schemas';

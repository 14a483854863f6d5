export * from './attention';
export * from './enums';
export * from './rrr';
export * from './views';
export * from './card';

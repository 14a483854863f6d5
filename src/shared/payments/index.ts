export * from './attention';
export * from './card';
export * from './enums';
export * from './rrr';
export * from './views';

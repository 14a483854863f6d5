export * from './enums';
export * from './rrr';
export * from './views';

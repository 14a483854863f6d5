export * from './enums';
export * from './input';
export * from './views';

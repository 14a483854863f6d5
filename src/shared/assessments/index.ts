export * from './enums';
export * from './input';
export * from './text';
export * from './views';

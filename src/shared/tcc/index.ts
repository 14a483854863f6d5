export * from './chain';
export * from './enums';
export * from './input';
export * from './lists';
export * from './views';

export * from './enums';
export * from './file';
export * from './levy';
export * from './views';

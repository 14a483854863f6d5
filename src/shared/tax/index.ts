export * from './compute';
export * from './laws';
export * from './rounding';
export * from './schemas';

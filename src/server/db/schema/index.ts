export * from './audit';
export * from './mdas';
export * from './officers';
export * from './rateLimits';
export * from './sessions';

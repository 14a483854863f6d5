export * from './audit';
export * from './mdas';
export * from './officers';
export * from './rateLimits';
export * from './reference';
export * from './sessions';
export * from './taxpayers';

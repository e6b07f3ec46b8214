export * from './auth';
export * from './directory';
export * from './shipments';
export * from './documents';
export * from './system';

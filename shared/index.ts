export * from './constants';
export * from './messages';
export * from './schemas';
export * from './api/client';
export * from './api/ndjson';

export * from './common';
export * from './user';
export * from './settings';
export * from './subscription';
export * from './calls';
export * from './icebreak';
export * from './enrich';
export * from './system';

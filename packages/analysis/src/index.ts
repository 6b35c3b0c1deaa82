export * from './browser';
export * from './types';

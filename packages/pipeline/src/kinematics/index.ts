export * from './errors';
export * from './markers';
export * from './setup';
export * from './neutral';
export * from './trial';
export * from '../quality/warnings';
export * from '../quality/figures';
export * from '../quality/limits';

export * from './args';

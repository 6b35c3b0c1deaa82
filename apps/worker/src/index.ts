export * from './args';
export * from './host';
export * from './http-host';
export * from './loop';
export * from './runner';
export * from './port-stream';

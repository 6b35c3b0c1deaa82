export * from './args';
export * from './host';
export * from './http-host';
export * from './loop';
export * from './runner';
export * from './port-stream';
export { writeArchive, SESSION_FOLDERS, type ArchiveProgress } from './archive/write-archive';
export { processArchive, STORAGE_FAILED_STATUS } from './processors/archive';

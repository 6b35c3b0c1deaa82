export * from './args';
export * from './host';
export * from './http-host';
export * from './loop';
export * from './runner';
export * from './port-stream';
export { processReport } from './processors/report';
export { writeReportPdf, reportPdfBuffer, type ReportInput } from './report/build-report';

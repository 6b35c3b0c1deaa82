/**
 * Browser-safe part of @poselab/analysis (no @poselab/biomech): the registry's metadata, the catalogue and the
 * metrics CSV, for the web app and the report engine.
 */
export * from './registry';
export * from './i18n';
export { metricsCsv } from './csv';
export { referenceSources, REFERENCE_SOURCES } from './common/sources';

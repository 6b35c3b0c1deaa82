// The catalogue lives in catalogue.ts, which summary.ts imports too: no import cycle between the two.
export * from './catalogue';
export { analysisSummary } from './summary';

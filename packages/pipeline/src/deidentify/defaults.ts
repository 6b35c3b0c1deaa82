/** De-identification figures named by the CLI's usage text (kept free of model code so `--help` stays light). */
export const DEIDENTIFY_TEXT = { maxSide: 1280, scansPerSecond: 10 };

#!/usr/bin/env node
// PoseLab command line. The packages ship TypeScript sources, so tsx is registered before loading the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../packages/pipeline/src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

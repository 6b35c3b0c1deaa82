#!/usr/bin/env node
// PoseLab command line: `poselab process …` (the pipeline) and `poselab analyze …` (the analysis functions).
// The packages ship TypeScript sources, so tsx is registered before loading a command.
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
const [command] = argv;
if (command === 'analyze') {
  const { main } = await import('../packages/analysis/src/cli/main.ts');
  process.exitCode = await main(argv.slice(1));
} else if (!command || command === 'help' || command === '--help' || command === '-h') {
  const [pipeline, analysis] = await Promise.all([
    import('../packages/pipeline/src/cli/args.ts'),
    import('../packages/analysis/src/cli/args.ts'),
  ]);
  console.log(`${pipeline.USAGE}\n\n${analysis.USAGE}`);
  process.exitCode = command ? 0 : 1;
} else {
  const { main } = await import('../packages/pipeline/src/cli/main.ts');
  process.exitCode = await main(argv);
}

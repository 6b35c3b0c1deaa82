/** Regenerates models/poselab_fullbody.osim from the TypeScript definition (run: npx tsx packages/biomech/scripts/generate-builtin.ts). */
import { writeFileSync } from 'node:fs';
import { buildBuiltinModel } from '../src/builtin/build-builtin-model';
import { BUILTIN_HEADER } from '../src/builtin/header';
import { writeOsim } from '../src/osim/write-osim';
import { BUILTIN_MODEL_URL } from '../src/builtin/load-builtin';

writeFileSync(BUILTIN_MODEL_URL, writeOsim(buildBuiltinModel(), BUILTIN_HEADER));
console.log(`wrote ${BUILTIN_MODEL_URL.pathname}`);

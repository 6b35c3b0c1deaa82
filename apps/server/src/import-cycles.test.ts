import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './test/import-graph';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/server/src',
  'apps/worker/src',
  'apps/web/src',
  'packages/contract/src',
  'packages/analysis/src',
  'packages/pipeline/src',
  'packages/biomech/src',
].map((p) => resolve(ROOT, p));

/**
 * Issue #29: a file in an import cycle cannot be changed (or loaded) alone. The three circles found
 * (jobs/queue ↔ kinds, the archive and media modules, the analysis catalogue ↔ summary) were untied by moving
 * what both sides need to the module both depend on; this keeps new ones out.
 */
describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const a = resolve(ROOT, 'a.ts');
    const b = resolve(ROOT, 'b.ts');
    const c = resolve(ROOT, 'c.ts');
    const graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(importCycles(graph, ROOT)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, []],
        ]),
        ROOT,
      ),
    ).toEqual([]);
  });

  it('reads relative imports, re-exports and dynamic imports, not imports of types', () => {
    const graph = importGraph([resolve(ROOT, 'apps/server/src/services')]);
    const deps = (file: string) =>
      (graph.get(resolve(ROOT, 'apps/server/src/services', file)) ?? []).map((f) => f.split('/').pop());
    expect(deps('archive-build.ts')).toContain('archive-access.ts');
    expect(deps('media-access.service.ts')).toContain('archive-access.ts');
    expect(deps('archive-access.ts')).not.toContain('archive-content.ts'); // `import type` only
  });

  it('has none in the workspaces', () => {
    expect(importCycles(importGraph(SOURCES), ROOT)).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The runtime import graph of TypeScript sources (relative imports and re-exports, dynamic import() included;
 * `import type` and imports of types only left out, as they vanish at run time), and its cycles.
 */

const STATIC = /^\s*(import|export)\s+(?!type\b)(?:([^'";]*?)\bfrom\s+)?['"](\.[^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [resolve(path)] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (c) => existsSync(c) && statSync(c).isFile(),
  );
}

const typesOnly = (clause: string | undefined) => {
  const names = /\{([^}]*)\}/.exec(clause ?? '')?.[1];
  if (!names || /^\s*\w+\s*,/.test(clause ?? '')) return false;
  const list = names
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((s) => s.startsWith('type '));
};

export function importGraph(roots: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap(sourceFiles)) {
    const src = readFileSync(file, 'utf8');
    const specs = [
      ...[...src.matchAll(STATIC)].filter((m) => !typesOnly(m[2])).map((m) => m[3]),
      ...[...src.matchAll(DYNAMIC)].map((m) => m[1]),
    ];
    graph.set(
      file,
      specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== undefined),
    );
  }
  return graph;
}

/** The graph's cycles: its strongly connected components of more than one file (Tarjan), as relative paths. */
export function importCycles(graph: Map<string, string[]>, base: string): string[][] {
  let counter = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(base, w));
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

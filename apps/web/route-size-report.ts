import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  code: string;
  fileName: string;
  isEntry: boolean;
  name: string;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/** Login route budget (gzip), from the session view issue: three.js and chart code load only on their pages. */
export const LOGIN_BUDGET_KB = 300;

/**
 * Prints, after the bundle is built, the JavaScript each listed route downloads: the app entry plus the route's
 * lazy page chunk, each with its static imports (gzip sizes), and whether three.js or Chart.js is among them.
 */
export function routeSizeReport(entryName: string, routes: Record<string, string>): Plugin {
  return {
    name: 'poselab-route-size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is ChunkLike & (typeof bundle)[string] => c.type === 'chunk',
      ) as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: ChunkLike[]): Set<ChunkLike> => {
        const seen = new Set<ChunkLike>();
        const stack = [...start];
        while (stack.length) {
          const c = stack.pop()!;
          if (seen.has(c)) continue;
          seen.add(c);
          for (const f of c.imports) {
            const dep = byFile.get(f);
            if (dep) stack.push(dep);
          }
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry && c.name === entryName);
      if (!entry) return;
      const lines = ['', 'Route JavaScript (gzip; app entry + lazy page + their static imports):'];
      for (const [route, pageFile] of Object.entries(routes)) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(pageFile));
        if (!page) continue;
        const files = closure([entry, page]);
        const gzip = [...files].reduce((sum, c) => sum + gzipSync(c.code).length, 0) / 1024;
        const modules = [...files].flatMap((c) => c.moduleIds);
        const has = (re: RegExp) => modules.some((m) => re.test(m));
        const three = has(/node_modules\/three\//);
        const chart = has(/node_modules\/chart\.js\//);
        const budget =
          route === 'Login'
            ? ` (budget ${LOGIN_BUDGET_KB} kB${gzip > LOGIN_BUDGET_KB ? ', EXCEEDED' : ''})`
            : '';
        lines.push(
          `  ${route.padEnd(12)} ${gzip.toFixed(1).padStart(7)} kB in ${String(files.size).padStart(2)} files; three.js: ${three ? 'yes' : 'no'}, chart.js: ${chart ? 'yes' : 'no'}${budget}`,
        );
        if (route === 'Login' && (gzip > LOGIN_BUDGET_KB || three || chart)) {
          this.warn(
            `Login route JavaScript is ${gzip.toFixed(1)} kB gzip (three.js ${three}, chart.js ${chart})`,
          );
        }
      }
      console.log(lines.join('\n'));
    },
  };
}

/** @jest-environment node */
// The relay runs in plain Node (`node relay/main.ts`: types stripped, no bundler), so every module
// it loads, ours in lib/ included, must import by relative path with its extension. An `@/` alias,
// which only Next and Jest resolve, stops the relay at start: it did once, from a lib/ module
// the relay loads, while every Jest test passed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(__dirname, '..');

// `import … from '…'`, `export … from '…'` and `import '…'`, but not `import type`/`export type`
// (erased); the clause may run over several lines. And `import('…')`.
const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const dynamicImport = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersOf(source: string): string[] {
  return [...source.matchAll(staticImport), ...source.matchAll(dynamicImport)].map(
    (match) => match[1]!,
  );
}

/** Every module of this repository `entry` loads by value, and what each imports that Node cannot. */
function walk(entry: string) {
  const seen = new Set<string>();
  const problems: string[] = [];
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const where = `${relative(root, file)} imports '${specifier}'`;
      if (specifier.startsWith('@/')) problems.push(`${where}: an alias plain Node cannot resolve`);
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!existsSync(target)) problems.push(`${where}: no such file (extension missing?)`);
      else queue.push(target);
    }
  }
  return { modules: [...seen].map((file) => relative(root, file)), problems };
}

describe('the relay, as plain Node loads it', () => {
  it('imports every module of ours by a relative path with its extension', () => {
    const { modules, problems } = walk('relay/main.ts');
    // The walk reached into lib/: it checks what it should.
    expect(modules).toEqual(
      expect.arrayContaining(['relay/server.ts', 'lib/env.ts', 'lib/sale-desk/bid-messages.ts']),
    );
    expect(problems).toEqual([]);
  });

  it('would catch an alias', () => {
    expect(specifiersOf("import { a } from '@/lib/x';\nimport type { B } from '@/lib/y';")).toEqual(
      ['@/lib/x'],
    );
    expect(
      specifiersOf("import {\n  a,\n  b,\n} from '../x.ts';\nexport { c } from './c.ts';"),
    ).toEqual(['../x.ts', './c.ts']);
  });
});

/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The tree tells the architecture (STYLE.md): these checks fail when it stops doing so.

const root = path.resolve(__dirname, '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && readable(file));

function readable(file: string): boolean {
  try {
    readFileSync(path.join(root, file));
    return true;
  } catch {
    return false; // deleted in the work tree, not yet in the index
  }
}

const codePattern = /\.(ts|tsx|mjs)$/;
const importPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bjest\.mock\(\s*|\brequire\(\s*)['"]([^'"]+)['"]/g;

/** Every module a file names, as a path from the root without extension; packages left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const targets: string[] = [];
  for (const [, specifier] of text.matchAll(importPattern)) {
    if (specifier === undefined) continue;
    if (specifier.startsWith('@/')) targets.push(specifier.slice(2));
    else if (specifier.startsWith('.'))
      targets.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
  }
  return targets;
}

const libFiles = tracked.filter((file) => file.startsWith('lib/') && codePattern.test(file));

describe('lib', () => {
  it('never imports app or relay, in its code or its tests', () => {
    const upward = libFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => /^(app|relay)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no two folders importing each other', () => {
    const edges = new Map<string, string>();
    for (const file of libFiles) {
      const from = path.posix.dirname(file).split('/');
      for (const target of importsOf(file).filter((t) => t.startsWith('lib/'))) {
        const to = path.posix.dirname(target).split('/');
        let common = 0;
        while (common < from.length && common < to.length && from[common] === to[common]) common++;
        if (common === from.length || common === to.length) continue; // same folder or a parent
        const pair = `${from.slice(0, common + 1).join('/')} -> ${to.slice(0, common + 1).join('/')}`;
        if (!edges.has(pair)) edges.set(pair, `${file} -> ${target}`);
      }
    }
    const mutual = [...edges.keys()]
      .filter((pair) => {
        const [a, b] = pair.split(' -> ');
        return a! < b! && edges.has(`${b} -> ${a}`);
      })
      .map((pair) => {
        const [a, b] = pair.split(' -> ');
        return `${edges.get(pair)} and ${edges.get(`${b} -> ${a}`)}`;
      });
    expect(mutual).toEqual([]);
  });
});

describe("README's layout map", () => {
  it('names every top-level folder of the tree, and no other', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const map = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const named = [...map.matchAll(/^([a-z0-9][\w.-]*)\/\s/gm)].map(([, folder]) => folder).sort();
    const folders = [
      ...new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!)),
    ]
      .filter((folder) => !folder.startsWith('.'))
      .sort();
    expect(named).toEqual(folders);
  });
});

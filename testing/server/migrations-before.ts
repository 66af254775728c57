// The committed migrations as they were before one of them: a copy of the folder whose journal
// stops just before `tag`, so a test can build a database of that time, fill it, then migrate it
// with the real folder and see what the migration does to existing rows.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function migrationsBefore(migrationsFolder: string, tag: string) {
  const folder = mkdtempSync(join(tmpdir(), 'gavel-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 1) throw new Error(`The journal has no migration "${tag}" after the first.`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

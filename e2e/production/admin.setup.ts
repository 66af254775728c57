import { expect, test as setup } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { rehearsalAdmin } from './rehearsal';

// A new hosted database has no staff: the first admin comes from the accounts command, run
// against DATABASE_URL as docs/deploy.md says, once the console has started (and migrated).
setup('the first admin, made with the accounts command', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'scripts/accounts.ts',
      'add',
      rehearsalAdmin.loginId,
      '--role',
      'admin',
      'Ops',
      'Lead',
    ],
    {
      input: `${rehearsalAdmin.password}\n`,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  expect(run.status, run.stderr).toBe(0);
});

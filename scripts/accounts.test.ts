/** @jest-environment node */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { ConfigurationError } from '@/lib/env';
import { createAccount, findAccount } from '@/lib/server/auth/accounts';
import { verifyPassword } from '@/lib/server/auth/password';
import { createSession, resolveSession } from '@/lib/server/auth/sessions';
import { openDatabase, type DatabaseHandle } from '@/lib/server/db/database';
import { activityEvents, sessions } from '@/lib/server/db/schema';
import { parseAccountsArgs } from './accounts-args';
import { AccountsCommandError, runAccountsCommand } from './accounts-cli';

const signingSecret = 's'.repeat(48);
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
}, 30_000);

afterAll(async () => {
  await handle?.close();
});

/** Runs one command against the in-memory database; `passwords` answer readPassword in turn. */
async function run(argv: string[], passwords: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const readPassword = jest.fn(async () => {
    const password = passwords.shift();
    if (password === undefined) throw new Error('readPassword was not expected here');
    return password;
  });
  const code = await runAccountsCommand(argv, {
    db: handle.db,
    readPassword,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err, readPassword };
}

async function addAccount(loginId: string, password = 'first-password') {
  const result = await run(['add', loginId, 'Test', 'Person'], [password]);
  expect(result.code).toBe(0);
  const account = await findAccount(handle.db, loginId);
  return account!;
}

describe('usage', () => {
  it.each([[[]], [['--help']], [['-h']], [['help']], [['add', '--help']]])(
    'prints the usage for %j without touching the database',
    async (argv) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAccountsCommand(argv, {
        db: () => Promise.reject(new Error('the database must not be opened')),
        readPassword: () => Promise.reject(new Error('no password expected')),
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      expect(code).toBe(0);
      expect(err).toEqual([]);
      const text = out.join('\n');
      expect(text).toMatch(/^Usage: npm run accounts -- <command>/);
      for (const command of ['add', 'set-role', 'disable', 'enable', 'reset-password', 'list']) {
        expect(text).toContain(`  ${command} `);
      }
      expect(text).toContain('add <loginId> [--role clerk|supervisor|admin] <displayName...>');
      expect(text).toMatch(/clerk.*supervisor.*admin/s);
      expect(text).toContain('stop the console');
    },
  );

  it('answers an unknown command with the usage on stderr and exit code 2', async () => {
    const result = await run(['frobnicate', 'alice']);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err[0]).toBe('Unknown command "frobnicate".');
    expect(result.err.join('\n')).toContain('Usage: npm run accounts -- <command>');
  });

  it.each([
    [['add'], 'add needs a login id and a display name.'],
    [['add', 'alice'], 'add needs a login id and a display name.'],
    [['disable'], 'disable needs exactly one login id.'],
    [['enable', 'a', 'b'], 'enable needs exactly one login id.'],
    [['reset-password'], 'reset-password needs exactly one login id.'],
    [['list', 'extra'], 'list takes no arguments.'],
    [
      ['add', 'alice', '--role', 'owner', 'Alice'],
      'There is no role "owner": use clerk, supervisor, admin.',
    ],
    [
      ['add', 'alice', '--role=Admin', 'Alice'],
      'There is no role "Admin": use clerk, supervisor, admin.',
    ],
    [['add', 'alice', 'Alice', '--role'], '--role needs a role: clerk, supervisor, admin.'],
    [['add', 'alice', '--role=', 'Alice'], '--role needs a role: clerk, supervisor, admin.'],
    [['add', 'alice', '--role', 'clerk', '--role', 'admin', 'Alice'], 'add takes --role once.'],
    [['add', 'alice', '--rol', 'admin', 'Alice'], 'add has no option "--rol".'],
    [['add', 'alice', '--role', 'admin'], 'add needs a login id and a display name.'],
    [['set-role', 'alice'], 'set-role needs a login id and a role.'],
    [['set-role', 'alice', 'admin', 'extra'], 'set-role needs a login id and a role.'],
    [['set-role', 'alice', 'root'], 'There is no role "root": use clerk, supervisor, admin.'],
  ])('refuses %j with exit code 2', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe(message);
    expect(result.readPassword).not.toHaveBeenCalled();
  });

  it('joins the words of the display name; the role is clerk unless --role says otherwise', () => {
    expect(parseAccountsArgs(['add', 'alice', 'Alice', 'de', 'Martin'])).toEqual({
      kind: 'add',
      loginId: 'alice',
      displayName: 'Alice de Martin',
      role: 'clerk',
    });
    for (const argv of [
      ['add', 'alice', '--role', 'supervisor', 'Alice', 'Martin'],
      ['add', 'alice', '--role=supervisor', 'Alice', 'Martin'],
      ['add', '--role', 'supervisor', 'alice', 'Alice', 'Martin'],
      ['add', 'alice', 'Alice', 'Martin', '--role', 'supervisor'],
    ]) {
      expect(parseAccountsArgs(argv)).toEqual({
        kind: 'add',
        loginId: 'alice',
        displayName: 'Alice Martin',
        role: 'supervisor',
      });
    }
  });
});

describe('add', () => {
  it('creates an enabled account with a normalized login id and an argon2id hash', async () => {
    const result = await run(['add', '  Alice ', 'Alice', 'Martin'], ['alice-password']);
    expect(result).toMatchObject({
      code: 0,
      out: ['Created the staff account "alice" (Alice Martin) with the role clerk.'],
      err: [],
    });
    expect(result.readPassword).toHaveBeenCalledTimes(1);
    const account = await findAccount(handle.db, 'alice');
    expect(account).toMatchObject({ loginId: 'alice', displayName: 'Alice Martin', role: 'clerk' });
    expect(account!.disabledAt).toBeNull();
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account!.passwordHash, 'alice-password')).toBe(true);
  });

  it('creates an account with the role --role names', async () => {
    const result = await run(
      ['add', 'sam', '--role', 'supervisor', 'Sam', 'Reed'],
      ['sam-password'],
    );
    expect(result).toMatchObject({
      code: 0,
      out: ['Created the staff account "sam" (Sam Reed) with the role supervisor.'],
      err: [],
    });
    expect(await findAccount(handle.db, 'sam')).toMatchObject({ role: 'supervisor' });
  });

  it('creates nothing and asks no password when the role is not one', async () => {
    const result = await run(['add', 'olga', '--role', 'owner', 'Olga'], ['olga-password']);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err[0]).toBe('There is no role "owner": use clerk, supervisor, admin.');
    expect(result.readPassword).not.toHaveBeenCalled();
    expect(await findAccount(handle.db, 'olga')).toBeNull();
  });

  it('refuses a login id that exists, whatever its case, before asking for a password', async () => {
    await addAccount('dupe');
    const result = await run(['add', 'DUPE', 'Someone', 'Else'], ['another-password']);
    expect(result).toMatchObject({
      code: 1,
      out: [],
      err: ['A staff account with the login id "dupe" exists.'],
    });
    expect(result.readPassword).not.toHaveBeenCalled();
    expect((await findAccount(handle.db, 'dupe'))!.displayName).toBe('Test Person');
  });

  it('refuses a login id taken while the password was being typed', async () => {
    const err: string[] = [];
    const code = await runAccountsCommand(['add', 'racer', 'Second', 'Racer'], {
      db: handle.db,
      readPassword: async () => {
        await createAccount(handle.db, {
          loginId: 'racer',
          displayName: 'First Racer',
          password: 'first-password',
          role: 'clerk',
        });
        return 'second-password';
      },
      out: () => undefined,
      err: (line) => err.push(line),
    });
    expect({ code, err }).toEqual({
      code: 1,
      err: ['A staff account with the login id "racer" exists.'],
    });
    expect((await findAccount(handle.db, 'racer'))!.displayName).toBe('First Racer');
  });

  it.each([
    ['of 5 characters', 'short', 'Password must be at least 8 characters.'],
    ['that is empty', '', 'Password is required.'],
    ['of 1025 characters', 'x'.repeat(1025), 'Password is at most 1024 characters.'],
  ])('refuses a password %s', async (_label, password, message) => {
    const result = await run(['add', 'carol', 'Carol'], [password]);
    expect(result).toMatchObject({ code: 1, out: [], err: [message] });
    expect(await findAccount(handle.db, 'carol')).toBeNull();
  });

  it('refuses an invalid login id or display name', async () => {
    expect((await run(['add', 'bad\u0007id', 'Bad'], ['long-enough'])).err).toEqual([
      'LoginId must not contain control characters.',
    ]);
    expect((await run(['add', '   ', 'Blank'], ['long-enough'])).err).toEqual([
      'LoginId is required.',
    ]);
    expect((await run(['add', 'ok', '  '], ['long-enough'])).err).toEqual([
      'DisplayName is required.',
    ]);
    expect(await findAccount(handle.db, 'ok')).toBeNull();
  });

  it('reports a password source failure as one sentence', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAccountsCommand(['add', 'dora', 'Dora'], {
      db: handle.db,
      readPassword: () =>
        Promise.reject(new AccountsCommandError('The two passwords do not match.')),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, out, err }).toEqual({
      code: 1,
      out: [],
      err: ['The two passwords do not match.'],
    });
    expect(await findAccount(handle.db, 'dora')).toBeNull();
  });
});

describe('list', () => {
  it('shows login id, display name, role and state, never a hash', async () => {
    await addAccount('list-a');
    await addAccount('list-b');
    expect(
      (await run(['add', 'list-c', '--role', 'admin', 'Test', 'Admin'], ['pw-list-c1'])).code,
    ).toBe(0);
    expect((await run(['disable', 'list-b'])).code).toBe(0);
    expect((await run(['set-role', 'list-b', 'supervisor'])).code).toBe(0);
    const result = await run(['list']);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    expect(result.out[0]).toMatch(/^LOGIN ID\s+DISPLAY NAME\s+ROLE\s+STATUS$/);
    expect(result.out).toContainEqual(
      expect.stringMatching(/^list-a\s+Test Person\s+clerk\s+enabled$/),
    );
    expect(result.out).toContainEqual(
      expect.stringMatching(/^list-b\s+Test Person\s+supervisor\s+disabled$/),
    );
    expect(result.out).toContainEqual(
      expect.stringMatching(/^list-c\s+Test Admin\s+admin\s+enabled$/),
    );
    // The columns line up: every row has its role where the heading has ROLE.
    const roleColumn = result.out[0]!.indexOf('ROLE');
    for (const line of result.out.slice(1)) {
      expect(line.slice(roleColumn)).toMatch(/^(clerk|supervisor|admin) /);
    }
    expect(result.out.join('\n')).not.toMatch(/argon2|\$/);
  });

  it('says so when there is no account', async () => {
    const empty = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    try {
      const out: string[] = [];
      const code = await runAccountsCommand(['list'], {
        db: empty.db,
        readPassword: () => Promise.reject(new Error('no password expected')),
        out: (line) => out.push(line),
        err: () => undefined,
      });
      expect({ code, out }).toEqual({ code: 0, out: ['No staff accounts.'] });
    } finally {
      await empty.close();
    }
  }, 30_000);
});

describe('disable and enable', () => {
  it('disables an account and revokes its existing sessions', async () => {
    const account = await addAccount('erin');
    const { cookieValue, sessionId } = await createSession(handle.db, account.id, signingSecret);
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).not.toBeNull();

    const result = await run(['disable', 'Erin']);
    expect(result).toMatchObject({
      code: 0,
      out: ['Disabled the staff account "erin" and revoked its sessions.'],
      err: [],
    });
    expect((await findAccount(handle.db, 'erin'))!.disabledAt).toBeInstanceOf(Date);
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).toBeNull();
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.revokedAt).toBeInstanceOf(Date);
    expect(session!.revokedReason).toBe('account-disabled');

    // Disabling twice is harmless and says so.
    expect((await run(['disable', 'erin'])).out).toEqual([
      'The staff account "erin" was already disabled; its sessions are revoked.',
    ]);
  });

  it('enables it again; the revoked sessions stay revoked', async () => {
    const account = await addAccount('fay');
    const { cookieValue } = await createSession(handle.db, account.id, signingSecret);
    expect((await run(['disable', 'fay'])).code).toBe(0);

    const result = await run(['enable', 'FAY']);
    expect(result).toMatchObject({
      code: 0,
      out: ['Enabled the staff account "fay".'],
      err: [],
    });
    expect((await findAccount(handle.db, 'fay'))!.disabledAt).toBeNull();
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).toBeNull();
    const fresh = await createSession(handle.db, account.id, signingSecret);
    expect(await resolveSession(handle.db, fresh.cookieValue, signingSecret)).not.toBeNull();

    expect((await run(['enable', 'fay'])).out).toEqual([
      'The staff account "fay" is already enabled.',
    ]);
  });

  it.each(['disable', 'enable', 'reset-password'])(
    '%s refuses an unknown login id without asking for a password',
    async (command) => {
      const result = await run([command, 'Nobody'], ['never-used-password']);
      expect(result).toMatchObject({
        code: 1,
        out: [],
        err: ['No staff account has the login id "nobody".'],
      });
      expect(result.readPassword).not.toHaveBeenCalled();
    },
  );
});

describe('set-role', () => {
  it('changes the role and revokes the sessions made before', async () => {
    const account = await addAccount('ivy');
    expect(account.role).toBe('clerk');
    const { cookieValue, sessionId } = await createSession(handle.db, account.id, signingSecret);
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).not.toBeNull();

    const result = await run(['set-role', 'IVY', 'supervisor']);
    expect(result).toMatchObject({
      code: 0,
      out: [
        'Changed the role of the staff account "ivy" from clerk to supervisor and revoked its sessions.',
      ],
      err: [],
    });
    expect(result.readPassword).not.toHaveBeenCalled();
    const updated = (await findAccount(handle.db, 'ivy'))!;
    expect(updated.role).toBe('supervisor');
    expect(updated.disabledAt).toBeNull();
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).toBeNull();
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.revokedReason).toBe('role-changed');

    // A session made after the change carries the new role.
    const fresh = await createSession(handle.db, account.id, signingSecret);
    expect((await resolveSession(handle.db, fresh.cookieValue, signingSecret))!.account.role).toBe(
      'supervisor',
    );
  });

  it('leaves the account and its sessions alone when it already has the role', async () => {
    const account = await addAccount('jan');
    const { cookieValue } = await createSession(handle.db, account.id, signingSecret);
    const result = await run(['set-role', 'jan', 'clerk']);
    expect(result).toMatchObject({
      code: 0,
      out: ['The staff account "jan" already has the role clerk.'],
      err: [],
    });
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).not.toBeNull();
  });

  it('refuses an unknown login id with one sentence', async () => {
    expect(await run(['set-role', 'Nobody', 'admin'])).toMatchObject({
      code: 1,
      out: [],
      err: ['No staff account has the login id "nobody".'],
    });
  });

  it('refuses a role that is not one, with exit code 2, and changes nothing', async () => {
    const account = await addAccount('kim');
    const { cookieValue } = await createSession(handle.db, account.id, signingSecret);
    const result = await run(['set-role', 'kim', 'superuser']);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err[0]).toBe('There is no role "superuser": use clerk, supervisor, admin.');
    expect((await findAccount(handle.db, 'kim'))!.role).toBe('clerk');
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).not.toBeNull();
  });

  it('is refused by the database for a role outside the list', async () => {
    const account = await addAccount('lou');
    await expect(
      handle.db.execute(sql`update staff_accounts set role = 'owner' where id = ${account.id}`),
    ).rejects.toThrow();
    expect((await findAccount(handle.db, 'lou'))!.role).toBe('clerk');
  });
});

describe('reset-password', () => {
  it('sets the new password and revokes the sessions', async () => {
    const account = await addAccount('gus', 'old-password');
    const { cookieValue, sessionId } = await createSession(handle.db, account.id, signingSecret);

    const result = await run(['reset-password', 'gus'], ['new-password']);
    expect(result).toMatchObject({
      code: 0,
      out: ['Set a new password for the staff account "gus" and revoked its sessions.'],
      err: [],
    });
    const updated = (await findAccount(handle.db, 'gus'))!;
    expect(await verifyPassword(updated.passwordHash, 'new-password')).toBe(true);
    expect(await verifyPassword(updated.passwordHash, 'old-password')).toBe(false);
    expect(updated.disabledAt).toBeNull();
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).toBeNull();
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.revokedReason).toBe('password-reset');
  });

  it('refuses a short password and changes nothing', async () => {
    const account = await addAccount('hal', 'old-password');
    const { cookieValue } = await createSession(handle.db, account.id, signingSecret);

    const result = await run(['reset-password', 'hal'], ['short']);
    expect(result).toMatchObject({
      code: 1,
      out: [],
      err: ['Password must be at least 8 characters.'],
    });
    const unchanged = (await findAccount(handle.db, 'hal'))!;
    expect(await verifyPassword(unchanged.passwordHash, 'old-password')).toBe(true);
    expect(await resolveSession(handle.db, cookieValue, signingSecret)).not.toBeNull();
  });
});

describe('the last enabled admin', () => {
  // A database of its own: the other tests' admins must not count.
  let own: DatabaseHandle;
  beforeAll(async () => {
    own = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  }, 30_000);
  afterAll(async () => {
    await own?.close();
  });

  async function runOwn(argv: string[], passwords: string[] = []) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAccountsCommand(argv, {
      db: own.db,
      readPassword: async () => passwords.shift()!,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  }

  const refusal = (loginId: string) => ({
    code: 1,
    out: [],
    err: [
      `The staff account "${loginId}" is the last enabled admin: make another account an admin first.`,
    ],
  });

  it('is neither disabled nor given another role; a disabled admin does not count', async () => {
    expect((await runOwn(['add', 'root', '--role', 'admin', 'Root'], ['root-password'])).code).toBe(
      0,
    );
    expect(await runOwn(['disable', 'root'])).toEqual(refusal('root'));
    expect(await runOwn(['set-role', 'root', 'supervisor'])).toEqual(refusal('root'));

    expect(
      (await runOwn(['add', 'deputy', '--role', 'admin', 'Deputy'], ['deputy-pass'])).code,
    ).toBe(0);
    expect((await runOwn(['disable', 'deputy'])).code).toBe(0);
    expect(await runOwn(['set-role', 'root', 'clerk'])).toEqual(refusal('root'));
    expect((await runOwn(['enable', 'deputy'])).code).toBe(0);
    expect((await runOwn(['set-role', 'root', 'clerk'])).code).toBe(0);
    expect(await runOwn(['disable', 'deputy'])).toEqual(refusal('deputy'));
    expect(await findAccount(own.db, 'deputy')).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('logs every change the command makes, as the command, never a password', async () => {
    expect((await runOwn(['add', 'logged', 'Logged', 'One'], ['logged-password'])).code).toBe(0);
    expect((await runOwn(['set-role', 'logged', 'supervisor'])).code).toBe(0);
    expect((await runOwn(['disable', 'logged'])).code).toBe(0);
    expect((await runOwn(['enable', 'logged'])).code).toBe(0);
    expect((await runOwn(['reset-password', 'logged'], ['another-password'])).code).toBe(0);
    const rows = await own.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.subject, 'logged'))
      .orderBy(asc(activityEvents.id));
    expect(
      rows.map(({ kind, actorId, actorLoginId, detail }) => ({
        kind,
        actorId,
        actorLoginId,
        detail,
      })),
    ).toEqual([
      {
        kind: 'staff_added',
        actorId: null,
        actorLoginId: 'cli',
        detail: { role: 'clerk', displayName: 'Logged One' },
      },
      {
        kind: 'staff_role_changed',
        actorId: null,
        actorLoginId: 'cli',
        detail: { from: 'clerk', to: 'supervisor' },
      },
      { kind: 'staff_disabled', actorId: null, actorLoginId: 'cli', detail: {} },
      { kind: 'staff_enabled', actorId: null, actorLoginId: 'cli', detail: {} },
      {
        kind: 'staff_password_reset',
        actorId: null,
        actorLoginId: 'cli',
        detail: { temporary: false },
      },
    ]);
    for (const password of ['logged-password', 'another-password']) {
      expect(JSON.stringify(rows)).not.toContain(password);
    }
    // A password the operator typed need not be changed at the next sign-in.
    expect(await findAccount(own.db, 'logged')).toMatchObject({ mustChangePassword: false });
  });
});

describe('environment', () => {
  it('prints the configuration error and exits 1', async () => {
    const err: string[] = [];
    const code = await runAccountsCommand(['list'], {
      db: () =>
        Promise.reject(
          new ConfigurationError(
            'Gavel cannot start: APP_ENV=production needs DATABASE_URL (the PostgreSQL database) to be set.',
          ),
        ),
      readPassword: () => Promise.reject(new Error('no password expected')),
      out: () => undefined,
      err: (line) => err.push(line),
    });
    expect(code).toBe(1);
    expect(err).toEqual([
      'Gavel cannot start: APP_ENV=production needs DATABASE_URL (the PostgreSQL database) to be set.',
    ]);
  });
});

describe('the real process (npm run accounts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-accounts-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function accounts(args: string[], stdin: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, APP_ENV: 'local' };
    delete env.DATABASE_URL;
    const child = spawn(
      'bash',
      ['scripts/with-node.sh', 'tsx', '--conditions=react-server', 'scripts/accounts.ts', ...args],
      { cwd: process.cwd(), env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(stdin);
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
  }

  it('adds an account with the password piped in, then lists it', async () => {
    const added = await accounts(
      ['add', 'bob', '--role', 'admin', 'Bob', 'Stone'],
      'bob-password\n',
    );
    expect(added).toEqual({
      code: 0,
      stdout: 'Created the staff account "bob" (Bob Stone) with the role admin.\n',
      stderr: '',
    });

    const listed = await accounts(['list'], '');
    expect(listed.code).toBe(0);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^bob\s+Bob Stone\s+admin\s+enabled$/m);

    const refused = await accounts(['set-role', 'bob', 'owner'], '');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.split('\n')[0]).toBe(
      'There is no role "owner": use clerk, supervisor, admin.',
    );
  }, 90_000);
});

// The staff-accounts command (`npm run accounts -- <command>`), without process wiring: it takes
// its arguments, its database, its password source and its output as parameters, so tests can
// drive it against an in-memory database. scripts/accounts.ts connects it to the real process;
// scripts/accounts-args.ts reads the command line.
import type { z } from 'zod';
import { accountsCommandActor, findAccount, resetPassword } from '@/lib/server/auth/accounts';
import { loginIdSchema } from '@/lib/server/http/login-id';
import type { Database } from '@/lib/server/db/database';
import { createStaff } from '@/lib/server/staff/add-staff';
import { changeStaff } from '@/lib/server/staff/change-staff';
import { listStaff } from '@/lib/server/staff/list-staff';
import { displayNameSchema, newPasswordSchema } from '@/lib/server/staff/staff-schemas';
import { parseAccountsArgs, usageText, type AccountsCommand } from './accounts-args';

/** What the command needs from the outside world. */
export interface AccountsIo {
  /** The database, or a function that opens it on first use (so --help needs no database). */
  db: Database | (() => Promise<Database>);
  /** The new password (asked twice in a terminal, first stdin line otherwise). */
  readPassword: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A failure the operator caused or can fix: its message is shown as is. */
export class AccountsCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountsCommandError';
  }
}

function valid<T>(schema: z.ZodType<T, string>, value: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AccountsCommandError(`${sentence(parsed.error.issues[0]?.message ?? 'invalid')}.`);
  }
  return parsed.data;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function readNewPassword(io: AccountsIo): Promise<string> {
  return valid(newPasswordSchema, await io.readPassword());
}

async function existingAccount(db: Database, loginId: string) {
  const account = await findAccount(db, loginId);
  if (!account) throw new AccountsCommandError(`No staff account has the login id "${loginId}".`);
  return account;
}

async function listAccounts(db: Database, io: AccountsIo) {
  const rows = await listStaff(db);
  if (rows.length === 0) {
    io.out('No staff accounts.');
    return;
  }
  const table = [
    ['LOGIN ID', 'DISPLAY NAME', 'ROLE', 'STATUS'],
    ...rows.map((row) => [row.loginId, row.displayName, row.role, row.status]),
  ];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...table.map((cells) => cells[column]!.length)),
  );
  for (const cells of table) {
    io.out(cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
}

async function execute(
  command: Exclude<AccountsCommand, { kind: 'help' | 'usage-error' }>,
  io: AccountsIo,
) {
  const db = typeof io.db === 'function' ? await io.db() : io.db;
  if (command.kind === 'list') return listAccounts(db, io);

  const loginId = valid(loginIdSchema, command.loginId);
  switch (command.kind) {
    case 'add': {
      const displayName = valid(displayNameSchema, command.displayName);
      if (await findAccount(db, loginId)) {
        throw new AccountsCommandError(`A staff account with the login id "${loginId}" exists.`);
      }
      const password = await readNewPassword(io);
      // Taken while the password was typed: 409 `conflict`, whose message says so.
      await createStaff(db, accountsCommandActor, {
        loginId,
        displayName,
        role: command.role,
        password,
        mustChangePassword: false,
      });
      io.out(
        `Created the staff account "${loginId}" (${displayName}) with the role ${command.role}.`,
      );
      return;
    }
    case 'set-role': {
      const account = await existingAccount(db, loginId);
      if (account.role === command.role) {
        io.out(`The staff account "${loginId}" already has the role ${command.role}.`);
        return;
      }
      await changeStaff(db, accountsCommandActor, loginId, { role: command.role });
      io.out(
        `Changed the role of the staff account "${loginId}" from ${account.role} to ${command.role} and revoked its sessions.`,
      );
      return;
    }
    case 'disable': {
      const account = await existingAccount(db, loginId);
      await changeStaff(db, accountsCommandActor, loginId, { status: 'disabled' });
      io.out(
        account.disabledAt
          ? `The staff account "${loginId}" was already disabled; its sessions are revoked.`
          : `Disabled the staff account "${loginId}" and revoked its sessions.`,
      );
      return;
    }
    case 'enable': {
      const account = await existingAccount(db, loginId);
      if (!account.disabledAt) {
        io.out(`The staff account "${loginId}" is already enabled.`);
        return;
      }
      await changeStaff(db, accountsCommandActor, loginId, { status: 'enabled' });
      io.out(`Enabled the staff account "${loginId}".`);
      return;
    }
    case 'reset-password': {
      await existingAccount(db, loginId);
      const password = await readNewPassword(io);
      await resetPassword(db, loginId, password, { actor: accountsCommandActor });
      io.out(`Set a new password for the staff account "${loginId}" and revoked its sessions.`);
      return;
    }
  }
}

/** Runs one command; returns the process exit code (0 done, 1 error, 2 wrong usage). */
export async function runAccountsCommand(argv: readonly string[], io: AccountsIo): Promise<number> {
  const command = parseAccountsArgs(argv);
  if (command.kind === 'help') {
    for (const line of usageText.split('\n')) io.out(line);
    return 0;
  }
  if (command.kind === 'usage-error') {
    io.err(command.message);
    io.err('');
    for (const line of usageText.split('\n')) io.err(line);
    return 2;
  }
  try {
    await execute(command, io);
    return 0;
  } catch (error) {
    io.err(errorSentence(error));
    return 1;
  }
}

function errorSentence(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  // Drizzle's "Failed query: <sql> params: <values>" would show SQL and values (such as a
  // password hash); the driver's own message underneath says what went wrong.
  if (error instanceof Error && message.startsWith('Failed query:')) {
    message =
      error.cause instanceof Error
        ? `The database refused the command: ${error.cause.message}`
        : 'The database refused the command.';
  }
  const firstLine = message.split('\n')[0]!.trim() || 'The command failed.';
  return /[.!?]$/.test(firstLine) ? firstLine : `${firstLine}.`;
}

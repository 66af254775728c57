// The staff-accounts command line (`npm run accounts -- <command>`): its usage text and the
// reading of its arguments into a command. Pure: nothing here opens a database or prints.
import { defaultRole, isRole, roles, type Role } from '@/lib/auth/roles';

export const usageText = `Usage: npm run accounts -- <command>

Manages the staff accounts of the Gavel console.

Commands:
  add <loginId> [--role ${roles.join('|')}] <displayName...>
                                  create an account (the display name may be several words);
                                  its role is ${defaultRole} unless --role names another
  set-role <loginId> <role>       change the role of an account and revoke all its sessions
  disable <loginId>               disable an account and revoke all its sessions
  enable <loginId>                enable a disabled account again
  reset-password <loginId>        set a new password and revoke all the account's sessions
  list                            show every account: login id, display name, role, status

Roles: clerk (sees everything, decides, gives first approvals), supervisor and admin (also give
the second approval above the four-eyes threshold and reopen decisions); admin also manages staff
in the console (/staff). The last enabled admin cannot be disabled or given another role.

Passwords (add, reset-password) are at least 8 characters. In a terminal they are asked twice
without echo; otherwise the first line of standard input is the password:
  echo 'a-long-password' | npm run accounts -- add alice --role supervisor Alice Martin

The database comes from the environment, as for the console: DATABASE_URL (PostgreSQL), else the
embedded database under DATA_DIR (default .data). The embedded database allows one process at a
time: stop the console before using this command on it.

Exit codes: 0 done, 1 error (one sentence on stderr), 2 wrong usage.`;

export type AccountsCommand =
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string }
  | { kind: 'add'; loginId: string; displayName: string; role: Role }
  | { kind: 'set-role'; loginId: string; role: Role }
  | { kind: 'disable' | 'enable' | 'reset-password'; loginId: string }
  | { kind: 'list' };

const helpFlags = new Set(['--help', '-h', 'help']);

const usageError = (message: string): AccountsCommand => ({ kind: 'usage-error', message });

const unknownRole = (value: string) =>
  usageError(`There is no role "${value}": use ${roles.join(', ')}.`);

/** `add`'s arguments: `--role <role>` (or `--role=<role>`) may stand anywhere after `add`. */
function parseAdd(rest: readonly string[]): AccountsCommand {
  const words: string[] = [];
  let role: string | undefined;
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === '--role' || arg.startsWith('--role=')) {
      if (role !== undefined) return usageError('add takes --role once.');
      role = arg === '--role' ? rest[++index] : arg.slice('--role='.length);
      if (role === undefined || role === '') {
        return usageError(`--role needs a role: ${roles.join(', ')}.`);
      }
    } else if (arg.startsWith('--')) {
      return usageError(`add has no option "${arg}".`);
    } else {
      words.push(arg);
    }
  }
  const [loginId, ...nameWords] = words;
  if (loginId === undefined || nameWords.length === 0) {
    return usageError('add needs a login id and a display name.');
  }
  if (role !== undefined && !isRole(role)) return unknownRole(role);
  return { kind: 'add', loginId, displayName: nameWords.join(' '), role: role ?? defaultRole };
}

/** Reads the command line (the arguments after `npm run accounts --`); validates nothing else. */
export function parseAccountsArgs(argv: readonly string[]): AccountsCommand {
  const [name, ...rest] = argv;
  if (name === undefined || argv.some((arg) => helpFlags.has(arg))) return { kind: 'help' };
  switch (name) {
    case 'add':
      return parseAdd(rest);
    case 'set-role': {
      const [loginId, role] = rest;
      if (rest.length !== 2 || loginId === undefined || role === undefined) {
        return usageError('set-role needs a login id and a role.');
      }
      return isRole(role) ? { kind: 'set-role', loginId, role } : unknownRole(role);
    }
    case 'disable':
    case 'enable':
    case 'reset-password': {
      if (rest.length !== 1) return usageError(`${name} needs exactly one login id.`);
      return { kind: name, loginId: rest[0]! };
    }
    case 'list':
      return rest.length === 0 ? { kind: 'list' } : usageError('list takes no arguments.');
    default:
      return usageError(`Unknown command "${name}".`);
  }
}

// `npm run accounts -- <command>`: the staff-accounts command (see scripts/accounts-cli.ts) wired
// to this process: arguments, environment, database, terminal or piped password, exit code.
import { parseEnv } from '@/lib/env';
import { openDatabase, type DatabaseHandle } from '@/lib/server/db/database';
import { AccountsCommandError, runAccountsCommand } from './accounts-cli';

/** Scripts pipe the password in: the first line of standard input is it. */
async function readFirstLine(input: NodeJS.ReadStream): Promise<string> {
  input.setEncoding('utf8');
  let text = '';
  let sawLine = false;
  for await (const chunk of input) {
    text += chunk as string;
    const end = text.indexOf('\n');
    if (end !== -1) {
      text = text.slice(0, end);
      sawLine = true;
      break;
    }
  }
  if (!sawLine && text === '') {
    throw new AccountsCommandError(
      'No password on standard input: pipe it in (first line) or run the command in a terminal.',
    );
  }
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

// Arrow keys and other escape sequences are not part of a password.
const escapeSequence = /\u001b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?/g;

/** Asks on the terminal with echo off (raw mode): nothing of the password is shown. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk.replace(escapeSequence, '')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) {
          return finish(new AccountsCommandError('Cancelled: nothing was changed.'));
        }
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (char === '\u0015') value = '';
        else if (char >= ' ') value += char;
      }
    };
    process.stderr.write(prompt);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}

async function askNewPasswordTwice(): Promise<string> {
  const first = await askHidden('New password (at least 8 characters, not shown): ');
  const second = await askHidden('Repeat the new password: ');
  if (first !== second) throw new AccountsCommandError('The two passwords do not match.');
  return first;
}

async function main(): Promise<number> {
  const opened: { handle?: DatabaseHandle } = {};
  try {
    return await runAccountsCommand(process.argv.slice(2), {
      db: async () => {
        const env = parseEnv(process.env);
        opened.handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
        return opened.handle.db;
      },
      readPassword: process.stdin.isTTY ? askNewPasswordTwice : () => readFirstLine(process.stdin),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await opened.handle?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);

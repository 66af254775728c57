import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { platformToken, uniqueAgreement } from '../support/agreements';
import { demoAccount, e2eSessionSecret } from '../support/servers';

// Its own console on its own embedded database, so killing it disturbs no other test.
const port = 3103;
const baseUrl = `http://localhost:${port}`;
const dataDir = join('.data', 'e2e', String(port));
const agreementCount = 300;

function startConsole(): ChildProcess {
  // Its own process group: `next start` runs the server in a child, and the whole group is killed.
  return spawn(
    process.execPath,
    [join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '--port', String(port)],
    {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        APP_ENV: 'preview',
        PORT: String(port),
        DATA_DIR: dataDir,
        SESSION_SECRET: e2eSessionSecret,
        SENTRY_DSN: '',
      },
    },
  );
}

async function waitForHealth() {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseUrl}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(demoAccount),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

type Decided = { id: string; decision: 'approve' | 'reject'; status: number | 'lost' };

test('a server killed in the middle of decisions leaves each agreement decided with its log entry, or untouched', async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  let server = startConsole();
  const kill = (child: ChildProcess) => process.kill(-child.pid!, 'SIGKILL');
  try {
    await waitForHealth();
    const items = Array.from({ length: agreementCount }, () => uniqueAgreement());
    const ids: string[] = [];
    for (let start = 0; start < items.length; start += 100) {
      const response = await fetch(`${baseUrl}/api/platform/agreements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${platformToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: items.slice(start, start + 100) }),
      });
      expect(response.status).toBe(200);
      ids.push(...((await response.json()) as { items: { id: string }[] }).items.map((i) => i.id));
    }
    const cookie = await signIn();

    // Every decision at once; the server is killed soon after the first is answered.
    let killed = false;
    const decisions = ids.map(async (id, index): Promise<Decided> => {
      const decision = index % 2 === 0 ? 'approve' : 'reject';
      try {
        const response = await fetch(`${baseUrl}/api/agreements/${id}/decision`, {
          method: 'POST',
          headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
          body: JSON.stringify({ decision, reason: `Crash test ${index}`, version: 1 }),
        });
        if (!killed) {
          killed = true;
          // At a random moment while decisions are still being made, wherever that falls.
          const victim = server;
          setTimeout(() => kill(victim), 5 + Math.random() * 40);
        }
        return { id, decision, status: response.status };
      } catch {
        return { id, decision, status: 'lost' };
      }
    });
    const results = await Promise.all(decisions);
    expect(killed).toBe(true);
    await expect
      .poll(() =>
        fetch(`${baseUrl}/api/health`).then(
          () => 'up',
          () => 'down',
        ),
      )
      .toBe('down');

    server = startConsole();
    await waitForHealth();
    const restartedCookie = await signIn();
    let decided = 0;
    let untouched = 0;
    for (const result of results) {
      const response = await fetch(`${baseUrl}/api/agreements/${result.id}`, {
        headers: { cookie: restartedCookie },
      });
      expect(response.status).toBe(200);
      const { agreement, decisions: log } = (await response.json()) as {
        agreement: { status: string; version: number; decidedBy: string | null };
        decisions: { decision: string; statusBefore: string; statusAfter: string }[];
      };
      if (agreement.status === 'pending') {
        untouched += 1;
        expect(agreement).toMatchObject({ version: 1, decidedBy: null });
        expect(log).toEqual([]);
        // An answered 200 is durable: it cannot come back pending.
        expect(result.status).not.toBe(200);
      } else {
        decided += 1;
        const status = result.decision === 'approve' ? 'approved' : 'rejected';
        expect(agreement).toMatchObject({ status, version: 2, decidedBy: 'demo' });
        expect(log).toHaveLength(1);
        expect(log[0]).toMatchObject({
          decision: result.decision,
          statusBefore: 'pending',
          statusAfter: status,
        });
      }
    }
    // The kill really fell in the middle: some were decided, some never were.
    expect(decided).toBeGreaterThan(0);
    expect(untouched).toBeGreaterThan(0);
    test.info().annotations.push({
      type: 'outcome',
      description: `${decided} decided, ${untouched} untouched`,
    });
  } finally {
    try {
      kill(server);
    } catch {
      // Already gone.
    }
  }
});

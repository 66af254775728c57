// `npm run record`: the sale recorder alone (docs/adr/0035), for a deployment whose web servers
// do not record (RECORDER=on-read or off on them) but that has somewhere a process can live on:
// it records `bids` into DATABASE_URL, one instance at a time under the recorder lock. Stops on
// SIGINT or SIGTERM, letting the next instance take over at once.
import { ConfigurationError, parseEnv } from '@/lib/env';
import { openDatabase } from '@/lib/server/db/database';
import { startRecording } from '@/lib/server/record/recording';

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (!env.databaseUrl) {
    console.error(
      'gavel: npm run record needs DATABASE_URL: with the embedded database, npm start records.',
    );
    process.exit(2);
  }
  const handle = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const recording = startRecording(env, handle);
  console.info('gavel: the recorder is running; it records while it holds the recorder lock');
  const stop = async () => {
    await recording.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`gavel: the recorder cannot start: ${(error as Error).message}`);
  process.exit(1);
});

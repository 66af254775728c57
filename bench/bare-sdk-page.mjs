// The floor publish-to-paint is compared with: PubNub's SDK alone in a bare page (no React, no
// console), subscribed to the same relay, adding the bids that arrived to a list of 20 in the next
// animation frame, as the console's store hands them to React; measured the same way, with the
// same publisher, in the same run. What the console adds is the difference; what the machine, the
// relay and the SDK take is the floor. (Rows added at once instead of in the next frame read about
// 8 ms sooner by the bench's measure, the first animation frame after the change, though the
// browser paints them no sooner: Element Timing gives the same paint time either way.)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
// The SDK's browser build: the package's `browser` entry, which the console's bundle takes too.
const sdkPath = join(require.resolve('pubnub/package.json'), '..', 'dist/web/pubnub.min.js');

const page = ({ relayOrigin, subscribeKey }) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Bare SDK page</title>
<ol class="feed__list"></ol>
<script src="/pubnub.min.js"></script>
<script>
  const list = document.querySelector('.feed__list');
  const pubnub = new PubNub({ subscribeKey: ${JSON.stringify(subscribeKey)}, userId: 'bench-floor',
    origin: ${JSON.stringify(relayOrigin)}, ssl: false });
  let arrived = [];
  const flush = () => {
    for (const bid of arrived) {
      const row = document.createElement('li');
      row.dataset.testid = 'bid';
      row.dataset.bidId = bid.bidId;
      row.textContent = bid.bidder + ' ' + bid.amount + ' ' + bid.currency;
      list.prepend(row);
    }
    arrived = [];
    while (list.children.length > 20) list.lastElementChild.remove();
  };
  pubnub.addListener({
    message: ({ message }) => {
      if (!message || typeof message.bidId !== 'string') return;
      if (arrived.length === 0) requestAnimationFrame(flush);
      arrived.push(message);
    },
    status: ({ category }) => {
      if (category === 'PNConnectedCategory') window.benchConnected = true;
    },
  });
  pubnub.subscribe({ channels: ['bids'] });
</script>
</html>`;

/**
 * Serves the bare page on `port` (its origin must be one the relay allows); `stop()` closes it.
 * `relayOrigin` is host:port, as the SDK's `origin` option takes it.
 */
export async function serveBareSdkPage({ port, relayOrigin, subscribeKey = 'embedded-sub' }) {
  const html = page({ relayOrigin, subscribeKey });
  const sdk = readFileSync(sdkPath);
  const server = createServer((request, response) => {
    const isSdk = request.url === '/pubnub.min.js';
    response.setHeader('content-type', isSdk ? 'text/javascript' : 'text/html; charset=utf-8');
    response.end(isSdk ? sdk : html);
  });
  await new Promise((resolve) => server.listen(port, resolve));
  return {
    url: `http://localhost:${port}/`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

#!/usr/bin/env node
// Bounded load for the container drill: translations through one URL, at most `concurrency` at a
// time and `rate` a second (under the recipe's rate limit, 600 a minute per client: the drill
// counts lost requests, not refused ones), for `seconds`; prints one JSON line with the counts (ok,
// failed, their statuses and first errors).
//   node scripts/deploy-drill/load.mjs http://172.18.0.5:8080 --seconds 24 --concurrency 4 --rate 8
const [base, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
  const index = rest.indexOf(`--${name}`);
  return index >= 0 ? Number(rest[index + 1]) : fallback;
};
const seconds = option('seconds', 20);
const concurrency = option('concurrency', 4);
const rate = option('rate', 8);
const began = Date.now();
const until = began + seconds * 1000;
let issued = 0;
/** Waits for the next request's turn: the n-th starts no sooner than n / rate seconds in. */
async function turn() {
  const at = began + (issued++ * 1000) / rate;
  if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
}
const result = { requests: 0, ok: 0, failed: 0, statuses: {}, errors: [] };

async function worker(id) {
  for (let n = 0; ; n++) {
    await turn();
    if (Date.now() >= until) return;
    result.requests += 1;
    try {
      const response = await fetch(`${base}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A new sentence each time: the cache must not answer for the model.
        body: JSON.stringify({
          text: `Drill ${id} sentence ${n} at ${Date.now()}.`,
          source_language: 'eng_Latn',
          target_language: 'fra_Latn',
        }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.text();
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      if (response.ok) result.ok += 1;
      else {
        result.failed += 1;
        if (result.errors.length < 5) result.errors.push(`${response.status} ${body.slice(0, 200)}`);
      }
    } catch (error) {
      result.failed += 1;
      if (result.errors.length < 5) result.errors.push(String(error.cause?.code ?? error.message));
    }
  }
}

await Promise.all(Array.from({ length: concurrency }, (_, id) => worker(id)));
console.log(JSON.stringify(result));

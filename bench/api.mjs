// Issue 2's benchmark: GET /api/v1/languages and POST /api/v1/detect-language on the real server under
// 50 concurrent connections, side by side with a bare node:http server answering the same bytes.
import path from 'node:path';
import { fmt, load, root, startScript, startSema, table } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const detectBody = JSON.stringify({
  text: 'Habari za asubuhi rafiki yangu, natumaini kwamba umeamka salama na familia yako iko salama leo.',
});

export async function run() {
  // The default configuration, logging included: it must not cost throughput.
  const sema = await startSema({
    SEMA_LOG_LEVEL: 'info',
    SEMA_TRANSLATION_ENGINE: 'nllb',
    SEMA_NLLB_MODEL: '/nonexistent-model-for-bench',
  });
  const languagesBytes = await (await fetch(`${sema.url}/api/v1/languages`)).text();
  const detectBytes = await (
    await fetch(`${sema.url}/api/v1/detect-language`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: detectBody,
    })
  ).text();

  const results = {};
  results.semaLanguages = await load({ url: `${sema.url}/api/v1/languages`, duration: DURATION });
  results.semaDetect = await load({
    url: `${sema.url}/api/v1/detect-language`,
    method: 'POST',
    body: detectBody,
    duration: DURATION,
  });
  await sema.stop();

  // The same server writing one log line per request (SEMA_LOG_LEVEL=debug), to show what logging costs.
  const verbose = await startSema(
    {
      SEMA_LOG_LEVEL: 'debug',
      SEMA_TRANSLATION_ENGINE: 'nllb',
      SEMA_NLLB_MODEL: '/nonexistent-model-for-bench',
    },
    { stdout: 'ignore' },
  );
  results.semaLanguagesLogged = await load({ url: `${verbose.url}/api/v1/languages`, duration: DURATION });
  await verbose.stop();

  const bare = await startScript(path.join(root, 'bench/bare-server.mjs'), {
    BARE_LANGUAGES: languagesBytes,
    BARE_DETECT: detectBytes,
  });
  results.bareLanguages = await load({ url: bare.url, duration: DURATION });
  results.bareDetect = await load({ url: bare.url, method: 'POST', body: detectBody, duration: DURATION });
  await bare.stop();

  const row = (name, sema, bare) => [
    name,
    fmt(sema.rps),
    fmt(bare.rps),
    fmt(sema.rps / bare.rps, 2),
    `${fmt(sema.p99)} ms`,
    `${fmt(bare.p99)} ms`,
    String(sema.errors),
  ];
  console.log(
    `\nAPI throughput, 50 connections, ${DURATION} s each (${fmt(languagesBytes.length / 1024, 1)} KB languages body)`,
  );
  console.log(
    table([
      ['endpoint', 'Sema req/s', 'bare req/s', 'ratio', 'Sema p99', 'bare p99', 'errors'],
      row('GET /api/v1/languages', results.semaLanguages, results.bareLanguages),
      row('  same, every request logged (debug)', results.semaLanguagesLogged, results.bareLanguages),
      row('POST /api/v1/detect-language', results.semaDetect, results.bareDetect),
    ]),
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

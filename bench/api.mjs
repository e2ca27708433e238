// Issue 2's benchmark: GET /api/v1/languages and POST /api/v1/detect-language on the real server under
// 50 concurrent connections, side by side with a bare node:http server answering the same bytes.
// The languages ratio is taken over BENCH_ROUNDS rounds, Sema and the bare server taking turns after
// a warm-up each, and printed as the median with its range, the load average and the commit.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fmt, load, root, startScript, startSema, table } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const detectBody = JSON.stringify({
  text: 'Habari za asubuhi rafiki yangu, natumaini kwamba umeamka salama na familia yako iko salama leo.',
});

export async function run() {
  // The default configuration, logging included: it must not cost throughput.
  const sema = await startSema({
    SEMA_LOG_LEVEL: 'info',
    SEMA_TRANSLATION_ENGINE: 'builtin',
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

  const bare = await startScript(path.join(root, 'bench/bare-server.mjs'), {
    BARE_LANGUAGES: languagesBytes,
    BARE_DETECT: detectBytes,
  });
  const results = {};
  const loadBefore = os.loadavg()[0];
  await load({ url: `${sema.url}/api/v1/languages`, duration: WARM_UP_SECONDS });
  await load({ url: bare.url, duration: WARM_UP_SECONDS });
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const semaRound = await load({ url: `${sema.url}/api/v1/languages`, duration: DURATION });
    const bareRound = await load({ url: bare.url, duration: DURATION });
    rounds.push({ sema: semaRound, bare: bareRound, ratio: semaRound.rps / bareRound.rps });
  }
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  if (!middle) throw new Error('BENCH_ROUNDS must be at least 1');
  results.semaLanguages = middle.sema;
  results.bareLanguages = middle.bare;
  results.languagesRatios = rounds.map((round) => round.ratio);
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
      SEMA_TRANSLATION_ENGINE: 'builtin',
      SEMA_NLLB_MODEL: '/nonexistent-model-for-bench',
    },
    { stdout: 'ignore' },
  );
  await load({ url: `${verbose.url}/api/v1/languages`, duration: WARM_UP_SECONDS });
  results.semaLanguagesLogged = await load({ url: `${verbose.url}/api/v1/languages`, duration: DURATION });
  await verbose.stop();

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
  const ratios = results.languagesRatios;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  console.log(
    `\nAPI throughput, 50 connections, ${DURATION} s each (${fmt(languagesBytes.length / 1024, 1)} KB languages body); ` +
      `languages: ${ROUNDS} rounds taking turns, median ratio ${fmt(median(ratios), 2)} ` +
      `(${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}); load ${fmt(loadBefore, 1)} → ${fmt(os.loadavg()[0], 1)}, commit ${commit}`,
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

/** What the soak saw, and whether it passes. */
import { slopePerMinute, type MemorySample } from './memory.ts';
import type { Outcome } from './mix.ts';

export interface Verdict {
  pass: boolean;
  failures: string[];
  durationS: number;
  concurrency: number;
  sent: number;
  answered: number;
  perOperation: { op: string; count: number; p50: number; p95: number; p99: number }[];
  overall: { p50: number; p95: number; p99: number };
  statuses: Record<string, number>;
  /** Requests refused by load shedding (503 with Retry-After), and their share of those answered. */
  shed: { count: number; share: number; maxShare: number };
  memory: {
    serverMb: { start: number; middle: number; end: number; slopePerMinuteSecondHalf: number };
    modelMb: { start: number; middle: number; end: number; slopePerMinuteSecondHalf: number };
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

function latencies(outcomes: Outcome[]) {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** Start, middle and end of a series, and its slope over the second half. */
function memorySeries(samples: MemorySample[], pick: (s: MemorySample) => number) {
  const values = samples.map(pick);
  const half = samples.slice(Math.floor(samples.length / 2));
  const round = (mb: number) => Math.round(mb * 10) / 10;
  return {
    start: round(values[0] ?? 0),
    middle: round(values[Math.floor(values.length / 2)] ?? 0),
    end: round(values.at(-1) ?? 0),
    slopePerMinuteSecondHalf: round(
      slopePerMinute(
        half.map((s) => s.at),
        half.map(pick),
      ),
    ),
  };
}

/**
 * Memory counts as flat when, over the second half, it ends within 10% + 20 MB of where it was
 * in the middle: the caches fill during the first half, so growth after that would be a leak.
 */
const flat = ({ middle, end }: { middle: number; end: number }) => end <= middle * 1.1 + 20;

export function judge(input: {
  outcomes: Outcome[];
  sent: number;
  memory: MemorySample[];
  serverStayedUp: boolean;
  durationS: number;
  concurrency: number;
  /** The largest share of answered requests that may be shed (0.05: 5 %). */
  maxShedShare: number;
}): Verdict {
  const { outcomes } = input;
  const failures: string[] = [];
  const statuses: Record<string, number> = {};
  for (const o of outcomes) {
    const key =
      typeof o.status === 'number' && o.status >= 400 && o.code ? `${o.status} ${o.code}` : String(o.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const unanswered = outcomes.filter(
    (o) => typeof o.status === 'string' && o.status !== 'walked-away' && o.status !== 'refused-while-sending',
  );
  if (unanswered.length > 0)
    failures.push(
      `${unanswered.length} requests got no answer (${[...new Set(unanswered.map((o) => `${o.op}: ${o.status}`))].join(', ')})`,
    );
  const bad5xx = outcomes.filter(
    (o) => typeof o.status === 'number' && o.status >= 500 && !(o.status === 503 && o.retryAfter),
  );
  if (bad5xx.length > 0)
    failures.push(
      `${bad5xx.length} 5xx other than 503 with Retry-After (${[...new Set(bad5xx.map((o) => `${o.op}: ${o.status} ${o.code ?? ''}`))].join(', ')})`,
    );
  const hostileNot4xx = outcomes.filter(
    (o) => o.hostile && typeof o.status === 'number' && (o.status < 400 || o.status >= 500),
  );
  const oddNot2xx = outcomes.filter(
    (o) => o.op.startsWith('odd:') && typeof o.status === 'number' && (o.status < 200 || o.status >= 300),
  );
  if (oddNot2xx.length > 0)
    failures.push(
      `${oddNot2xx.length} odd but valid requests not answered with a 2xx (${[...new Set(oddNot2xx.map((o) => `${o.op}: ${o.status} ${o.code ?? ''}`))].join(', ')})`,
    );
  const answered = outcomes.filter((o) => typeof o.status === 'number').length;
  const shedCount = outcomes.filter((o) => o.status === 503 && o.retryAfter).length;
  const shed = { count: shedCount, share: answered ? shedCount / answered : 0, maxShare: input.maxShedShare };
  if (shed.share > shed.maxShare)
    failures.push(
      `${shedCount} of ${answered} answered requests were shed with 503 (${percent(shed.share)}, more than ${percent(shed.maxShare)})`,
    );
  if (hostileNot4xx.length > 0)
    failures.push(
      `${hostileNot4xx.length} hostile requests not answered with a 4xx (${[...new Set(hostileNot4xx.map((o) => o.status))].join(', ')})`,
    );
  if (!input.serverStayedUp) failures.push('the server did not stay up');
  const memory = {
    serverMb: memorySeries(input.memory, (s) => s.serverMb),
    modelMb: memorySeries(input.memory, (s) => s.childrenMb),
  };
  if (!flat(memory.serverMb))
    failures.push(
      `server memory grew over the second half (${memory.serverMb.middle} → ${memory.serverMb.end} MB)`,
    );
  if (!flat(memory.modelMb))
    failures.push(
      `model process memory grew over the second half (${memory.modelMb.middle} → ${memory.modelMb.end} MB)`,
    );
  const ops = [...new Set(outcomes.map((o) => o.op))].sort();
  return {
    pass: failures.length === 0,
    failures,
    durationS: input.durationS,
    concurrency: input.concurrency,
    sent: input.sent,
    answered,
    perOperation: ops.map((op) => {
      const mine = outcomes.filter((o) => o.op === op);
      return { op, count: mine.length, ...latencies(mine) };
    }),
    overall: latencies(outcomes),
    statuses,
    shed,
    memory,
  };
}

export function printReport(v: Verdict): void {
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => String(c).padEnd(i === 0 ? 22 : 9)).join(' ');
  console.log(
    `\nSoak: ${v.durationS} s, ${v.concurrency} concurrent clients, ${v.sent} requests sent, ${v.answered} answered with a status`,
  );
  console.log(line(['operation', 'requests', 'p50 ms', 'p95 ms', 'p99 ms']));
  for (const op of v.perOperation) console.log(line([op.op, op.count, op.p50, op.p95, op.p99]));
  console.log(line(['all', v.sent, v.overall.p50, v.overall.p95, v.overall.p99]));
  console.log('\nResponses by status:');
  for (const [status, count] of Object.entries(v.statuses).sort())
    console.log(`  ${status.padEnd(34)} ${count}`);
  console.log(
    `\nShed (503 with Retry-After): ${v.shed.count} of ${v.answered} answered, ${percent(v.shed.share)} (at most ${percent(v.shed.maxShare)})`,
  );
  const m = v.memory;
  console.log('\nMemory (RSS, MB)        start   middle  end     slope over 2nd half');
  console.log(
    `  server                ${String(m.serverMb.start).padEnd(7)} ${String(m.serverMb.middle).padEnd(7)} ${String(m.serverMb.end).padEnd(7)} ${m.serverMb.slopePerMinuteSecondHalf} MB/min`,
  );
  console.log(
    `  model process         ${String(m.modelMb.start).padEnd(7)} ${String(m.modelMb.middle).padEnd(7)} ${String(m.modelMb.end).padEnd(7)} ${m.modelMb.slopePerMinuteSecondHalf} MB/min`,
  );
  console.log(v.pass ? '\nPASS' : `\nFAIL\n- ${v.failures.join('\n- ')}`);
}

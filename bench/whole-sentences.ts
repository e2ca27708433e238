// What the model reads, whole sentences against cutting (issue 45), side by side in one run: how
// many pieces reach the model, how long they are, the share of sentences holding placeholders,
// links or tags that reach it whole, and the planning time per text. Model time is not measured
// here: it follows the pieces and their tokens (fewer, longer pieces), and a sentence whose answer
// fails the check costs its cut pieces too (the tests show that path on the tiny model).
import { execSync } from 'node:child_process';
import os from 'node:os';
import { compileGlossary, maskedText, planSentences, splitProtected } from '@sema/server/protected-text';

const TEXTS = [
  'The meeting with @amina starts at 10:30 tomorrow, see https://example.org/agenda for the details.',
  'You have {count} new messages',
  'Click <b>Save</b> to keep your changes.',
  'An e-mail has been sent to %email%.',
  'See the <a href="%handbook">online handbook</a> for %help_pages and !name.',
  'Copied %1 of %L2 files (%n left)',
  'The total is {0:N2} for {1}.',
  'Hello %1$s, you have %2$d new messages',
  'Welcome back :name, you have :count tasks.',
  '{{.Name}} has {{.Count}} unread messages',
  'Open the Dashboard, then press Ctrl+S; version 2.3.1 fixed it on 2026-11-25.',
  'Write to help@example.org before Friday, or call us at 10:00.',
  'Your order #1234 ships on 2026-12-01 and costs 1,299.50 shillings.',
  'Good morning. How are you today?',
  'Read <a href="/guide">the guide</a> before you <em>start</em>, it takes 5 minutes.',
  'Use `npm start` to run the server, then open http://localhost:3000 in a browser.',
];
const glossary = compileGlossary({ Dashboard: 'Dashibodi' });
const HAS_SPAN = /[{%@<:`#]|https?:|\d[.:,]\d/;

function measure(mode: 'whole' | 'cut') {
  const pieces: string[] = [];
  let spanSentences = 0;
  let spanSentencesWhole = 0;
  for (const text of TEXTS) {
    const planned =
      mode === 'whole'
        ? planSentences(text, 'eng_Latn', glossary)
        : splitProtected(text, 'eng_Latn', glossary);
    for (const piece of planned) {
      if (piece.kind === 'gap') continue;
      if (piece.kind === 'whole') {
        pieces.push(maskedText(piece.parts, 'bracket'));
        spanSentences += 1;
        spanSentencesWhole += 1;
      } else pieces.push(piece.text);
    }
  }
  if (mode === 'cut') {
    // A text holding spans reached the model whole only if it went as one piece.
    for (const text of TEXTS.filter((one) => HAS_SPAN.test(one))) {
      spanSentences += 1;
      const sent = splitProtected(text, 'eng_Latn', glossary).filter((piece) => piece.kind === 'sentence');
      if (sent.length === 1 && sent[0]!.text.length > text.length * 0.8) spanSentencesWhole += 1;
    }
  }
  return { pieces, spanSentences, spanSentencesWhole };
}

function timePlanning(mode: 'whole' | 'cut', rounds: number): number[] {
  const plan = mode === 'whole' ? planSentences : splitProtected;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) for (const text of TEXTS) plan(text, 'eng_Latn', glossary);
    times.push(Number(process.hrtime.bigint() - start) / 1e3 / (200 * TEXTS.length));
  }
  return times.sort((a, b) => a - b);
}

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
const whole = measure('whole');
const cut = measure('cut');
timePlanning('whole', 1); // warm-up
const wholeTimes = timePlanning('whole', rounds);
const cutTimes = timePlanning('cut', rounds);
const median = (values: number[]) => values[Math.floor(values.length / 2)]!;
const mean = (pieces: string[]) => pieces.reduce((sum, piece) => sum + piece.length, 0) / pieces.length;
let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
} catch {
  // not a checkout
}
console.log(
  `whole sentences against cutting, ${TEXTS.length} texts; commit ${commit}, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}, ${rounds} rounds`,
);
/** A row of the table: one way's pieces and its planning times (sorted). */
const row = (plan: typeof whole, times: number[]) => ({
  'pieces to the model': plan.pieces.length,
  'mean characters per piece': mean(plan.pieces).toFixed(1),
  'span sentences whole': `${plan.spanSentencesWhole} of ${plan.spanSentences}`,
  'planning µs per text (median)': median(times).toFixed(1),
  spread: `${times[0]!.toFixed(1)}–${times.at(-1)!.toFixed(1)}`,
});
console.table({ whole: row(whole, wholeTimes), cut: row(cut, cutTimes) });
console.log(
  `pieces whole ÷ cut: ${(whole.pieces.length / cut.pieces.length).toFixed(2)}; planning time whole ÷ cut: ${(median(wholeTimes) / median(cutTimes)).toFixed(2)}`,
);

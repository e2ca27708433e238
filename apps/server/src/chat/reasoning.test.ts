import { describe, expect, it } from 'vitest';
import {
  opensThinkInPrompt,
  ReasoningSplitter,
  splitReasoning,
  stripReasoning,
  type ReasoningPiece,
} from './reasoning.ts';

/** Feeds the chunks one by one and merges adjacent pieces of the same kind. */
function stream(chunks: string[], insideThink = false): ReasoningPiece[] {
  const splitter = new ReasoningSplitter(insideThink);
  const pieces = [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
  return pieces.reduce<ReasoningPiece[]>((merged, piece) => {
    const last = merged.at(-1);
    if (last?.type === piece.type) last.text += piece.text;
    else merged.push({ ...piece });
    return merged;
  }, []);
}

describe('splitReasoning (whole answers)', () => {
  it.each([
    [
      'separates a <think> block from the answer',
      '<think>\nThe user greets me.\n</think>\n\nHello!',
      'The user greets me.',
      'Hello!',
    ],
    [
      'treats text before a lone </think> as reasoning (opening tag was in the prompt)',
      'Okay, Nairobi is the capital.\n</think>\n\nThe capital is **Nairobi**.',
      'Okay, Nairobi is the capital.',
      'The capital is **Nairobi**.',
    ],
    [
      'leaves an answer without tags untouched',
      'Just an answer, with a < sign.',
      '',
      'Just an answer, with a < sign.',
    ],
    [
      'keeps an unclosed <think> as reasoning (the model ran out of tokens while thinking)',
      '<think>Still thinking about',
      'Still thinking about',
      '',
    ],
    ['collects several think blocks', '<think>a</think>One. <think>b</think>Two.', 'ab', 'One. Two.'],
  ])('%s', (_, answer, reasoning, content) => {
    expect(splitReasoning(answer)).toEqual({ reasoning, content });
  });
});

describe('ReasoningSplitter (streams)', () => {
  it('finds tags split across chunks', () => {
    expect(stream(['<thi', 'nk>I should gr', 'eet.</th', 'ink>', '\n\nHel', 'lo <', 'b>there</b>'])).toEqual([
      { type: 'reasoning', text: 'I should greet.' },
      { type: 'content', text: 'Hello <b>there</b>' },
    ]);
  });

  it('streams content at once when there is no tag', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.push('Hello ')).toEqual([{ type: 'content', text: 'Hello ' }]);
    expect(splitter.push('world')).toEqual([{ type: 'content', text: 'world' }]);
  });

  it('holds back only what could be a tag', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.push('a <')).toEqual([{ type: 'content', text: 'a ' }]);
    expect(splitter.push('3 b')).toEqual([{ type: 'content', text: '<3 b' }]);
  });

  it('starts inside the think block for models whose prompt opens it', () => {
    expect(stream(['Let me think', '.</think>', 'Answer.'], true)).toEqual([
      { type: 'reasoning', text: 'Let me think.' },
      { type: 'content', text: 'Answer.' },
    ]);
  });

  it('accepts an explicit <think> even when the prompt was expected to open it', () => {
    expect(stream(['<think>x</think>y'], true)).toEqual([
      { type: 'reasoning', text: 'x' },
      { type: 'content', text: 'y' },
    ]);
  });

  it('treats text as the answer once reasoning came in a separate field', () => {
    const splitter = new ReasoningSplitter(true);
    splitter.reasoningIsSeparate();
    expect([...splitter.push('Plain answer'), ...splitter.end()]).toEqual([
      { type: 'content', text: 'Plain answer' },
    ]);
  });

  it('drops a lone </think> in the middle of a streamed answer', () => {
    expect(stream(['Hi', '</think>', ' there'])).toEqual([{ type: 'content', text: 'Hi there' }]);
  });
});

describe('history and model rules', () => {
  it('strips reasoning from earlier answers', () => {
    expect(stripReasoning('<think>secret plan</think>\nPublic answer.')).toBe('Public answer.');
    expect(stripReasoning('secret plan</think>Public answer.')).toBe('Public answer.');
  });

  it('knows which models open the think block in their prompt', () => {
    expect(opensThinkInPrompt('deepseek-ai/DeepSeek-R1-Distill-Qwen-32B')).toBe(true);
    expect(opensThinkInPrompt('deepseek-ai/DeepSeek-R1-Distill-Qwen-32B:nscale')).toBe(true);
    expect(opensThinkInPrompt('deepseek-r1:7b')).toBe(true);
    expect(opensThinkInPrompt('Qwen/QwQ-32B')).toBe(true);
    expect(opensThinkInPrompt('meta-llama/Llama-3.1-8B-Instruct')).toBe(false);
  });
});

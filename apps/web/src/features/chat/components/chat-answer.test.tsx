import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ChatReply } from '../chat-reply';
import { startGeneration } from '../generations';
import { ChatAnswer } from './chat-answer';

function reply(patch: Partial<ChatReply> = {}): ChatReply {
  return {
    generationId: 'none',
    status: 'done',
    translationUsed: false,
    question: { original: 'q', english: 'q' },
    reasoning: '',
    english: '',
    translated: '',
    ...patch,
  };
}

/** A chat answer that failed at the chat step (the spec's 'AI chat failed'), with `failure`'s wording. */
function renderChatFailure(failure: { detail: string; technical: string; code: string }) {
  render(
    <ChatAnswer
      reply={reply({ status: 'error', error: { step: 'chat', message: 'AI chat failed', ...failure } })}
    />,
  );
}

describe('ChatAnswer', () => {
  it('renders Markdown lists, tables and highlighted code', async () => {
    const english = [
      '- one',
      '- two',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '```js',
      'const x = 1;',
      '```',
    ].join('\n');
    const { container } = render(<ChatAnswer reply={reply({ english })} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(screen.getByRole('table')).toHaveTextContent('ab12');
    // The highlighter arrives as its own chunk and then colours the tokens.
    // Importing the chunk takes seconds on a busy machine: wait for it, not for the default second.
    await waitFor(
      () => expect(container.querySelector('code.language-js .hljs-keyword')).toHaveTextContent('const'),
      { timeout: 15_000 },
    );
  });

  it('never turns HTML or script from the model into page content', () => {
    const english = [
      'Hi <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [click](javascript:window.__pwned=3) <b>bold?</b>',
      '',
      '<iframe src="https://example.org"></iframe>',
      '',
      '```html',
      '<script>alert(1)</script>',
      '```',
    ].join('\n');
    const { container } = render(<ChatAnswer reply={reply({ english })} />);
    const answer = screen.getByTestId('chat-answer-text');
    expect(container.querySelector('script, img, b, iframe')).toBeNull();
    // Raw HTML tags are dropped; what was between them is inert text.
    expect(answer.textContent).toContain('window.__pwned = 1');
    const link = within(answer).getByText('click');
    expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // In a code block, HTML is shown as code, not run.
    expect(container.querySelector('code.language-html')).toHaveTextContent('<script>alert(1)</script>');
  });

  it("keeps the reasoning collapsed under 'Thought for N s'", async () => {
    render(
      <ChatAnswer
        reply={reply({ reasoning: 'Let me think about rice.', thoughtMs: 3200, english: 'Cook it.' })}
      />,
    );
    const section = screen.getByTestId('chat-reasoning');
    expect(section).not.toHaveAttribute('open');
    expect(within(section).getByText('Thought for 3 s')).toBeVisible();
    expect(screen.getByText('Let me think about rice.')).not.toBeVisible();
    await userEvent.click(within(section).getByText('Thought for 3 s'));
    expect(section).toHaveAttribute('open');
  });

  it('shows the translated answer, and the English original on request', async () => {
    render(
      <ChatAnswer
        reply={reply({ translationUsed: true, english: 'Wash the rice.', translated: 'Osha mchele.' })}
      />,
    );
    expect(screen.getByTestId('chat-answer-text')).toHaveTextContent('Osha mchele.');
    await userEvent.click(screen.getByRole('button', { name: 'Show English original' }));
    expect(screen.getByTestId('chat-answer-english')).toHaveTextContent('Wash the rice.');
    await userEvent.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(screen.getByTestId('chat-answer-text')).toHaveTextContent('Osha mchele.');
  });

  it('stops its own generation with the Stop button', async () => {
    const generation = startGeneration();
    render(
      <ChatAnswer
        reply={reply({ generationId: generation.id, status: 'streaming', english: 'Once upon' })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(generation.signal.aborted).toBe(true);
    generation.finish();
  });

  it('says only the reason and what to do, in two lines, when a retry cannot help (chat turned off)', () => {
    renderChatFailure({
      detail: 'Chat is turned off on this server. Use Translate mode to translate your text.',
      technical: 'Chat is not configured (CHAT_NOT_CONFIGURED)',
      code: 'CHAT_NOT_CONFIGURED',
    });
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent('Please try again');
    expect(alert.querySelectorAll('p')).toHaveLength(2);
    expect(alert).toHaveTextContent('Use Translate mode to translate your text.');
    expect(screen.queryByText('Details')).toBeNull();
  });

  it("shows the spec's chat failure with a plain reason, and the server's wording only behind Details", async () => {
    renderChatFailure({
      detail: 'The assistant could not be reached from this server. Please try again later.',
      technical: 'Authentication failed. Please check your Hugging Face token. (AUTH_ERROR)',
      code: 'AUTH_ERROR',
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Chat failed. Please try again.');
    expect(alert).toHaveTextContent('The assistant could not be reached from this server.');
    const token = screen.getByText(/Hugging Face token/);
    expect(token).not.toBeVisible();
    await userEvent.click(screen.getByText('Details'));
    expect(token).toBeVisible();
  });

  it('says it is reading the dropped document, with its progress, and can be stopped meanwhile', async () => {
    const generation = startGeneration();
    render(
      <ChatAnswer
        reply={reply({
          generationId: generation.id,
          status: 'preparing',
          document: { fileName: 'notes.txt', progress: { done: 30, total: 120 } },
        })}
      />,
    );
    expect(screen.getByTestId('chat-document-reading')).toHaveTextContent('Reading notes.txt… 25%');
    expect(screen.queryByRole('status', { name: 'Writing the answer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(generation.signal.aborted).toBe(true);
    generation.finish();
  });

  it('notes under the answer when only the start of the document was read', () => {
    const document = { fileName: 'book.pdf', english: 'x', language: 'eng_Latn', truncated: true };
    const { rerender } = render(<ChatAnswer reply={reply({ english: 'A story.', document })} />);
    expect(screen.queryByTestId('chat-document-reading')).toBeNull();
    expect(screen.getByText('Only the first 6,000 characters of book.pdf were read.')).toBeInTheDocument();
    rerender(
      <ChatAnswer reply={reply({ english: 'A story.', document: { ...document, truncated: false } })} />,
    );
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MessageBase } from '../types';
import { MessageList } from './message-list';

const at = (hours: number, minutes: number) => new Date(2025, 0, 1, hours, minutes).getTime();
const user = (id: string, content: string): MessageBase => ({
  id,
  role: 'user',
  content,
  timestamp: at(9, 5),
});
const reply = (id: string, content: string, extra: Partial<MessageBase> = {}): MessageBase => ({
  id,
  role: 'assistant',
  content,
  timestamp: at(14, 30),
  ...extra,
});

/** jsdom has no layout: the scroller reports a fixed viewport and a content height we choose. */
function fakeScroller(contentHeight: { value: number }) {
  const scroller = screen.getByTestId('message-scroller');
  Object.defineProperty(scroller, 'clientHeight', { value: 500, configurable: true });
  Object.defineProperty(scroller, 'scrollHeight', { get: () => contentHeight.value, configurable: true });
  return scroller;
}

describe('MessageList', () => {
  it("puts user messages on the right and replies on the left, with hour:minute in the user's locale", () => {
    render(<MessageList messages={[user('1', 'Hello'), reply('2', 'Jambo')]} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveAttribute('data-role', 'user');
    expect(first!.className).toContain('items-end');
    expect(second!.className).toContain('items-start');
    const clock = (hours: number, minutes: number) =>
      new Date(2026, 0, 1, hours, minutes).toLocaleTimeString(undefined, { timeStyle: 'short' });
    expect(within(first!).getByText(clock(9, 5))).toBeInTheDocument();
    expect(within(second!).getByText(clock(14, 30))).toBeInTheDocument();
  });

  it('shows the three dots while a reply is awaited, and no copy button yet', () => {
    render(<MessageList messages={[user('1', 'Hello'), reply('2', '', { isLoading: true })]} />);
    const waiting = screen.getAllByRole('listitem')[1]!;
    expect(within(waiting).getByTestId('loading-dots')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
  });

  it('draws content with the given renderer', () => {
    render(
      <MessageList
        messages={[reply('1', 'raw')]}
        renderContent={(message) => <em>{message.content.toUpperCase()}</em>}
      />,
    );
    expect(screen.getByText('RAW').tagName).toBe('EM');
  });

  it('follows new messages at the bottom, but not while the reader has scrolled up; a new send comes back down', () => {
    const height = { value: 1000 };
    const messages = [user('1', 'a'), reply('2', 'b')];
    const { rerender } = render(<MessageList messages={messages} />);
    const scroller = fakeScroller(height);

    height.value = 1400;
    rerender(<MessageList messages={[...messages, reply('3', 'c')]} />);
    expect(scroller.scrollTop).toBe(1400);

    scroller.scrollTop = 200; // the reader scrolls up
    scroller.dispatchEvent(new Event('scroll'));
    height.value = 1800;
    rerender(<MessageList messages={[...messages, reply('3', 'c'), reply('4', 'd')]} />);
    expect(scroller.scrollTop).toBe(200);

    height.value = 2000;
    rerender(
      <MessageList messages={[...messages, reply('3', 'c'), reply('4', 'd'), user('5', 'new question')]} />,
    );
    expect(scroller.scrollTop).toBe(2000);
  });
});

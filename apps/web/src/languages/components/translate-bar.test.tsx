import type http from 'node:http';

import { plainServer } from '@sema/testkit/plain-server';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setApiOrigin } from '@/lib/api-client';
import { renderApp } from '@/testing/render-app';

import { TranslateBar } from './translate-bar';

function Bar({ detectedSource, detectedNear }: { detectedSource?: string; detectedNear?: string }) {
  const [source, setSource] = useState('auto');
  const [target, setTarget] = useState('eng_Latn');
  return (
    <TranslateBar
      source={source}
      target={target}
      onSourceChange={setSource}
      onTargetChange={setTarget}
      detectedSource={detectedSource}
      detectedNear={detectedNear}
    />
  );
}

afterEach(() => vi.useRealTimers());

describe('TranslateBar and LanguagePicker', () => {
  it('starts at Auto Detect → English with swap disabled, and swaps once a source is chosen', async () => {
    const user = userEvent.setup();
    renderApp(<Bar />);
    expect(screen.getByTestId('source-language')).toHaveTextContent('Auto Detect');
    expect(screen.getByTestId('target-language')).toHaveTextContent('English');
    const swap = screen.getByRole('button', { name: 'Swap languages' });
    expect(swap).toBeDisabled();
    await user.click(screen.getByTestId('source-language'));
    await user.click(screen.getByRole('option', { name: /Swahili/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(swap).toBeEnabled();
    await user.click(swap);
    expect(screen.getByTestId('source-language')).toHaveTextContent('English');
    expect(screen.getByTestId('target-language')).toHaveTextContent('Swahili');
  });

  it('offers the near runner-up of a detection under the bar, and one tap makes it the source', async () => {
    const user = userEvent.setup();
    // Hindi or Urdu: the fixture's closest pair (Kinyarwanda or Kirundi, Kikuyu or Kamba in the app).
    renderApp(<Bar detectedSource="hin_Deva" detectedNear="urd_Arab" />);
    const near = screen.getByTestId('detected-near');
    expect(near).toHaveTextContent('Detected Hindi, but it could be Urdu.');
    await user.click(within(near).getByRole('button', { name: 'Use Urdu' }));
    expect(screen.getByTestId('source-language')).toHaveTextContent('Urdu');
    expect(screen.queryByTestId('detected-near')).not.toBeInTheDocument();
  });

  it('says nothing more when the detection has no near runner-up', () => {
    renderApp(<Bar detectedSource="hin_Deva" />);
    expect(screen.queryByTestId('detected-near')).not.toBeInTheDocument();
  });

  it('focuses the search box as soon as it opens, so no key typed after the click is lost', () => {
    renderApp(<Bar />);
    fireEvent.click(screen.getByTestId('target-language'));
    expect(screen.getByRole('combobox', { name: 'Search languages' })).toHaveFocus();
  });

  it('titles, Auto Detect only in the source list, and both empty messages', async () => {
    const user = userEvent.setup();
    renderApp(<Bar />);
    await user.click(screen.getByTestId('source-language'));
    const source = screen.getByRole('dialog', { name: 'Select Source Language' });
    expect(within(source).getAllByRole('option')[0]).toHaveTextContent('Auto Detect');
    await user.type(within(source).getByRole('combobox'), 'qqq');
    expect(within(source).getByText('No languages found matching "qqq"')).toBeInTheDocument();

    await user.click(screen.getByTestId('target-language'));
    expect(screen.queryByRole('dialog', { name: 'Select Source Language' })).not.toBeInTheDocument();
    const target = screen.getByRole('dialog', { name: 'Select Target Language' });
    expect(within(target).queryByText('Auto Detect')).not.toBeInTheDocument();
    await user.click(within(target).getByRole('tab', { name: 'Americas' }));
    expect(
      within(target)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ayacucho QuechuaRunasimi', 'English', 'Frenchfrançais', 'Spanishespañol']);
  });

  it("shows 'No languages found for {filter}' for an empty region", async () => {
    const user = userEvent.setup();
    renderApp(<Bar />, {
      languages: {
        languages: {
          fra_Latn: { name: 'French', native_name: 'français', region: 'Europe', script: 'Latn' },
        },
        total_count: 1,
      },
    });
    await user.click(screen.getByTestId('target-language'));
    await user.click(screen.getByRole('tab', { name: 'Asia' }));
    expect(screen.getByText('No languages found for Asia')).toBeInTheDocument();
  });

  it('on a server with pair models, lists the sources it reads and the targets the chosen source reaches', async () => {
    const user = userEvent.setup();
    const language = (name: string) => ({ name, native_name: name, region: 'Europe', script: 'Latn' });
    renderApp(<Bar />, {
      languages: {
        languages: {
          deu_Latn: language('German'),
          eng_Latn: language('English'),
          fra_Latn: language('French'),
        },
        total_count: 3,
        targets_of: { deu_Latn: ['eng_Latn'], eng_Latn: ['fra_Latn'], fra_Latn: [] },
      },
    });
    const listed = () =>
      screen
        .getAllByRole('option')
        .map((option) => option.textContent)
        .join(', ');
    await user.click(screen.getByTestId('source-language'));
    // French is only written: not a source.
    expect(listed()).toBe('Auto Detect, English, German');
    await user.click(screen.getByRole('option', { name: /German/ }));
    await user.click(screen.getByTestId('target-language'));
    expect(listed()).toBe('English');
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('source-language'));
    await user.click(screen.getByRole('option', { name: /English/ }));
    await user.click(screen.getByTestId('target-language'));
    expect(listed()).toBe('French');
  });

  it("says 'Loading languages...' until the list arrives", async () => {
    // A real server that holds the request open: the list stays on its way.
    const held: http.ServerResponse[] = [];
    const server = await plainServer((_request, response) => held.push(response));
    setApiOrigin(server.url);
    try {
      const user = userEvent.setup();
      renderApp(<Bar />, { languages: null });
      await user.click(screen.getByTestId('target-language'));
      expect(screen.getByText('Loading languages...')).toBeInTheDocument();
    } finally {
      for (const response of held) response.destroy();
      await server.close();
      setApiOrigin('');
    }
  });

  it('moves with the arrows, picks with Enter, and closes on Escape and outside clicks', async () => {
    const user = userEvent.setup();
    renderApp(<Bar />);
    await user.click(screen.getByTestId('target-language'));
    const search = screen.getByRole('combobox');
    await user.click(search);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(search.getAttribute('aria-activedescendant')!);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('target-language').textContent).toBe(
      active?.querySelector('span')?.textContent,
    );
    expect(screen.getByTestId('target-language')).toHaveFocus();

    await user.click(screen.getByTestId('target-language'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('target-language'));
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks native names with their language and lets the text set the direction', async () => {
    const user = userEvent.setup();
    renderApp(<Bar />);
    await user.click(screen.getByTestId('target-language'));
    const urdu = screen.getByText('اردو');
    expect(urdu).toHaveAttribute('lang', 'ur-Arab');
    expect(urdu).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('listbox').style.maxHeight).toBe('300px');
  });
});

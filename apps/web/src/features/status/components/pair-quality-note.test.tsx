import type { StatusResponse } from '@sema/shared/api/schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { PairQualityNote } from './pair-quality-note';

const status: StatusResponse = {
  status: 'healthy',
  version: '0.1.0',
  uptime_seconds: 1,
  timestamp: new Date().toISOString(),
  engines: {
    translation: {
      state: 'ready',
      quality: [
        {
          pair: 'eng_Latn-som_Latn',
          models: ['Xenova/nllb-200-distilled-600M'],
          chrf: 40.6,
          quality: 'usable',
          words: 'usable: the gist comes through, with errors to check',
          why: 'the main model',
        },
      ],
    },
    detection: { state: 'ready' },
    chat: { state: 'ready' },
  },
  limits: { max_text_chars: 5000, rate_limit: null },
};

describe('PairQualityNote', () => {
  it('tells the pair in a word, with the figure on hover and on a tap', async () => {
    renderApp(<PairQualityNote source="eng_Latn" target="som_Latn" />, { status });
    const note = await screen.findByTestId('pair-quality');
    expect(note).toHaveTextContent('Expected quality: Usable — the gist comes through, with errors to check');
    const word = screen.getByRole('button', { name: 'Usable' });
    expect(word).toHaveAttribute('title', expect.stringMatching(/^chrF\+\+ 40\.6 on FLORES-200/));
    const figure = screen.getByText(
      /^chrF\+\+ 40\.6 on FLORES-200 \(Xenova\/nllb-200-distilled-600M\), published by/,
    );
    expect(figure).not.toBeVisible();
    await userEvent.click(word);
    expect(word).toHaveAttribute('aria-expanded', 'true');
    expect(figure).toBeVisible();
    expect(word).toHaveAttribute('aria-controls', figure.id);
  });

  it('says so for a pair with no published figure', async () => {
    renderApp(<PairQualityNote source="fra_Latn" target="deu_Latn" />, { status });
    expect(await screen.findByTestId('pair-quality')).toHaveTextContent(
      'Expected quality: No published figure',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

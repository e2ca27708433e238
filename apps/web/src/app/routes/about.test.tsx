import type { StatusResponse } from '@sema/shared/api/schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { AboutRoute } from './about';

describe('About page', () => {
  it("states the NLLB-200 weights' non-commercial license, with a link to it", () => {
    renderApp(<AboutRoute />, { route: '/about' });
    const link = screen.getByRole('link', { name: 'CC-BY-NC 4.0' });
    expect(link).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-nc/4.0/');
    expect(link.closest('p')).toHaveTextContent(/non-commercial purposes only/);
  });

  const status = (dataHandling: StatusResponse['data_handling']): StatusResponse => ({
    status: 'healthy',
    version: '0.1.0',
    uptime_seconds: 1,
    timestamp: new Date().toISOString(),
    engines: { translation: { state: 'ready' }, detection: { state: 'ready' }, chat: { state: 'ready' } },
    limits: { max_text_chars: 5000, rate_limit: null },
    ...(dataHandling ? { data_handling: dataHandling } : {}),
  });

  it('says translation and chat stay on this server when the server says so', () => {
    renderApp(<AboutRoute />, {
      route: '/about',
      status: status({ translation: 'this_server', chat: 'this_server' }),
    });
    expect(screen.getByTestId('about-translation-data')).toHaveTextContent('not sent to anyone else');
    expect(screen.getByTestId('about-chat-data')).toHaveTextContent('not sent to anyone else');
    expect(screen.getByTestId('about-device')).toHaveTextContent('kept in this browser on this device only');
  });

  it('never promises privacy when a remote engine or a hosted chat provider is configured', () => {
    renderApp(<AboutRoute />, {
      route: '/about',
      status: status({ translation: 'other_servers', chat: 'external_provider' }),
    });
    const section = screen.getByTestId('about-your-text');
    expect(section).not.toHaveTextContent(/not sent to anyone|third party for translation/);
    expect(screen.getByTestId('about-translation-data')).toHaveTextContent('other translation servers');
    expect(screen.getByTestId('about-chat-data')).toHaveTextContent('outside chat provider');
    expect(document.body).not.toHaveTextContent('not sent to a third party');
  });

  it('claims only what this server does: its language count, and a key when it asks for one', () => {
    const server = status({ translation: 'this_server', chat: 'off' });
    server.engines.translation = { state: 'ready', model_family_name: 'M2M-100', languages: 98 };
    server.api_key_required = true;
    renderApp(<AboutRoute />, { route: '/about', status: server });
    expect(document.body).toHaveTextContent('98 languages on this server');
    expect(document.body).not.toHaveTextContent('More than 200 languages');
    expect(document.body).toHaveTextContent('A developer API (this server asks for an API key)');
    expect(document.body).not.toHaveTextContent('with no key');
  });

  it('names the main model a server runs instead of NLLB-200, without the NLLB licence', () => {
    const m2m = status({ translation: 'this_server', chat: 'off' });
    m2m.engines.translation = {
      state: 'ready',
      model: 'm2m100_418M',
      model_family_name: 'M2M-100',
      model_license: 'MIT',
      languages: 98,
    };
    renderApp(<AboutRoute />, { route: '/about', status: m2m });
    expect(document.body).toHaveTextContent(
      'Translation runs on M2M-100, an open model that covers 98 languages.',
    );
    expect(document.body).not.toHaveTextContent('NLLB-200');
    expect(screen.queryByRole('link', { name: 'CC-BY-NC 4.0' })).toBeNull();
  });

  it('says which licence covers which pairs on a server with pair models', () => {
    const routed = status({ translation: 'this_server', chat: 'off' });
    routed.engines.translation = {
      state: 'ready',
      pivot: true,
      models: [
        {
          role: 'main',
          state: 'ready',
          model: 'm2m100_418M',
          model_family_name: 'M2M-100',
          model_license: 'MIT',
          model_license_terms: 'any use',
          model_license_url: 'https://opensource.org/license/mit',
          sentences: 0,
        },
        {
          role: 'pair',
          pairs: ['eng_Latn-fra_Latn'],
          state: 'ready',
          model: 'opus-mt-en-fr',
          model_family_name: 'OPUS-MT',
          model_license: 'CC-BY-4.0',
          model_license_terms: 'any use, with attribution',
          model_license_url: 'https://creativecommons.org/licenses/by/4.0/',
          sentences: 0,
        },
      ],
    };
    renderApp(<AboutRoute />, { route: '/about', status: routed });
    const list = screen.getByTestId('about-model-licences');
    // With the pivot on, the main model's share and the pivot's are said without contradicting each other.
    expect(list).toHaveTextContent(
      'm2m100_418M (M2M-100) translates every other pair, but those that two pair models reach through English, under MIT (any use).',
    );
    expect(list).toHaveTextContent(
      'opus-mt-en-fr (OPUS-MT) translates English → French, under CC-BY-4.0 (any use, with attribution).',
    );
    expect(screen.getByRole('link', { name: 'CC-BY-4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(list).toHaveTextContent('goes through English, under the licences of both models');
  });

  it('promises nothing when the server does not say', () => {
    renderApp(<AboutRoute />, { route: '/about', status: status(undefined) });
    expect(screen.getByTestId('about-your-text')).toHaveTextContent('does not say where it sends');
  });

  it('lists the expected quality of each served pair in a word, with the figure and model', () => {
    const told = status(undefined);
    told.engines.translation = {
      state: 'ready',
      model_licences: 'commercial',
      quality: [
        {
          pair: 'eng_Latn-fra_Latn',
          models: ['m2m100_418M'],
          chrf: 61.5,
          quality: 'good',
          words: 'good: the meaning and most of the wording come through',
          why: 'the main model',
        },
        {
          pair: 'eng_Latn-swh_Latn',
          models: ['m2m100_418M'],
          quality: 'unknown',
          words: 'no published figure',
          why: 'the main model',
        },
      ],
    };
    renderApp(<AboutRoute />, { route: '/about', status: told });
    const list = screen.getByTestId('about-pair-quality');
    expect(list).toHaveTextContent('English → French: Good (chrF++ 61.5, m2m100_418M)');
    expect(list).toHaveTextContent('English → Swahili: No published figure');
    expect(list).toHaveTextContent('uses only models whose licence allows commercial use');
    expect(screen.getByText(/English → French/)).toHaveAttribute(
      'title',
      expect.stringContaining(
        "chrF++ 61.5 on FLORES-200 (m2m100_418M), published by Helsinki-NLP's MT leaderboards",
      ),
    );
  });
});

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
});

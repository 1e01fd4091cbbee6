import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { PublicLayout } from './public-layout';

describe('PublicLayout', () => {
  it('shows the brand and puts the page inside the main landmark', () => {
    renderUi(
      <PublicLayout>
        <h1>Welcome to Conversa</h1>
      </PublicLayout>,
    );
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Welcome to Conversa');
    expect(screen.getByText('Conversa', { exact: true })).toBeTruthy();
    // The mark is decoration: screen readers hear the name once.
    expect(document.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { Waiting } from './waiting';

describe('Waiting', () => {
  it('is a status with a default accessible label', () => {
    renderUi(<Waiting />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status.textContent).toBe('');
  });

  it('takes a label and can show it', () => {
    renderUi(<Waiting label="Uploading files…" showLabel />);
    expect(screen.getByRole('status', { name: 'Uploading files…' }).textContent).toBe('Uploading files…');
  });

  it('speaks Spanish', () => {
    renderUi(<Waiting />, { locale: 'es' });
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeTruthy();
  });
});

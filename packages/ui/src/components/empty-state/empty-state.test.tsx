import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it("says 'No results found' by default", () => {
    renderUi(<EmptyState />);
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it("says 'There are no more results' past the end", () => {
    renderUi(<EmptyState kind="no-more" />);
    expect(screen.getByText('There are no more results')).toBeTruthy();
  });

  it('takes a custom title and an action', () => {
    renderUi(
      <EmptyState title="No files yet">
        <button type="button">Upload</button>
      </EmptyState>,
    );
    expect(screen.getByText('No files yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('speaks Spanish', () => {
    renderUi(
      <>
        <EmptyState />
        <EmptyState kind="no-more" />
      </>,
      { locale: 'es' },
    );
    expect(screen.getByText('No se encontraron resultados')).toBeTruthy();
    expect(screen.getByText('No hay más resultados')).toBeTruthy();
  });
});

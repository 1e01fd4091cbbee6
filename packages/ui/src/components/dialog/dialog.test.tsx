import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { Dialog } from './dialog';

describe('Dialog', () => {
  it('renders a named modal dialog with its content', () => {
    renderUi(
      <Dialog
        open
        onClose={() => {}}
        title="Share your assistant"
        description="Copy the link."
        footer={<button>Done</button>}
      >
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Share your assistant' });
    expect(dialog.textContent).toContain('Copy the link.');
    expect(dialog.textContent).toContain('Body');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderUi(<Dialog open onClose={onClose} title="Title" />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    renderUi(<Dialog open={false} onClose={() => {}} title="Title" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Spanish', () => {
    renderUi(<Dialog open onClose={() => {}} title="Título" />, { locale: 'es' });
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});

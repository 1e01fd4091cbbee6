import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { LivePanel, type LivePanelProps } from './live-panel';

const ana = { id: 7, full_name: 'Ana García' };

function setup(props: Partial<LivePanelProps> = {}) {
  const handlers = {
    onTakeOver: vi.fn(),
    onRelease: vi.fn(),
    onReply: vi.fn(async () => true),
    onTyping: vi.fn(),
  };
  renderUi(
    <LivePanel
      state={{ status: 'waiting', agent: null }}
      userId={7}
      canReply
      canForce={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('LivePanel', () => {
  it('offers to take a waiting conversation over, or to let the assistant answer', async () => {
    const { onTakeOver, onRelease } = setup();
    expect(screen.getByRole('status').textContent).toBe('The visitor is waiting for a person.');
    await userEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(onTakeOver).toHaveBeenCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Let the assistant answer' }));
    expect(onRelease).toHaveBeenCalled();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and empties the box once sent', async () => {
    const user = userEvent.setup();
    const { onReply, onTyping } = setup({ state: { status: 'human', agent: ana } });
    expect(screen.getByRole('status').textContent).toBe('You are answering this conversation.');
    const box = screen.getByRole('textbox', { name: /Reply to the visitor/ });
    await user.type(box, 'Hola{Shift>}{Enter}{/Shift}¿qué tal?');
    expect(onReply).not.toHaveBeenCalled();
    expect(onTyping).toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onReply).toHaveBeenCalledWith('Hola\n¿qué tal?');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('names a colleague holding it; only a manager may take it from them', async () => {
    setup({ state: { status: 'human', agent: { id: 9, full_name: 'Luis Pérez' } } });
    expect(screen.getByRole('status').textContent).toBe('Luis Pérez is answering this conversation.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets a manager take it from a colleague (forced)', async () => {
    const { onTakeOver } = setup({
      state: { status: 'human', agent: { id: 9, full_name: 'Luis Pérez' } },
      canForce: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Take over from Luis Pérez' }));
    expect(onTakeOver).toHaveBeenCalledWith(true);
  });

  it('shows the state and no controls to those who may not reply', () => {
    setup({ canReply: false });
    expect(screen.getByRole('status').textContent).toBe('The visitor is waiting for a person.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

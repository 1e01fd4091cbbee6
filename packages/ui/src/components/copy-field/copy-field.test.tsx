import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { CopyField } from './copy-field';

const link = 'https://conversa.example/admissions/42';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyField', () => {
  it("writes the value to the clipboard and says 'Copied!'", async () => {
    const user = userEvent.setup();
    const onCopied = vi.fn();
    renderUi(<CopyField label="Public link" value={link} onCopied={onCopied} />);
    expect((screen.getByLabelText('Public link') as HTMLInputElement).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(onCopied).toHaveBeenCalledTimes(1);
  });

  it("goes back to 'Copy' after a moment", async () => {
    userEvent.setup(); // installs the clipboard stub
    // Only timeouts are faked: React's scheduler keeps its real setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderUi(<CopyField label="Public link" value={link} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    renderUi(<CopyField label="Snippet" value="<script></script>" multiline />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByText('Could not copy. Select the text and copy it manually.')).toBeTruthy();
    expect(screen.getByLabelText('Snippet').tagName).toBe('TEXTAREA');
  });

  it('cannot copy while the value is loading', () => {
    renderUi(<CopyField label="Public link" value={link} waiting />);
    expect((screen.getByRole('button', { name: /Copy/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Public link') as HTMLInputElement).value).toBe('');
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<CopyField label="Enlace" value={link} />, { locale: 'es' });
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByRole('button', { name: '¡Copiado!' })).toBeTruthy();
  });
});

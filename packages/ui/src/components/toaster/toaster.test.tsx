import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { successNotices } from '../../i18n/notices';
import { renderUi } from '../../testing/render';
import { clearNotifications, notifyError, notifySuccess, Toaster } from './toaster';

afterEach(() => {
  act(() => clearNotifications());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast per distinct text', () => {
    renderUi(<Toaster />);
    act(() => {
      notifySuccess('Update successfully.');
      notifySuccess('Update successfully.');
      notifyError('Upload file failed.');
      notifyError('Upload file failed.');
      notifyError('Not found');
    });
    expect(screen.getAllByText('Update successfully.')).toHaveLength(1);
    expect(screen.getAllByText('Upload file failed.')).toHaveLength(1);
    expect(screen.getAllByText('Not found')).toHaveLength(1);
  });

  it('announces errors as alerts and successes as status', () => {
    renderUi(<Toaster />);
    act(() => {
      notifySuccess('Copied!');
      notifyError('The session is no longer valid');
    });
    expect(screen.getByRole('alert').textContent).toContain('The session is no longer valid');
    expect(screen.getByText('Copied!').closest('[role="status"]')).toBeTruthy();
  });

  it('translates lingui messages in the active locale', () => {
    renderUi(<Toaster />, { locale: 'es' });
    act(() => notifySuccess(successNotices.deleted));
    expect(screen.getByText('Eliminado correctamente.')).toBeTruthy();
  });

  it('goes away after 3000 ms', () => {
    // Only timeouts are faked: React's scheduler keeps its real setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderUi(<Toaster />);
    act(() => notifySuccess('Profile was successfully updated.'));
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Profile was successfully updated.')).toBeTruthy();
    // At 3000 ms it is dismissed; it leaves the DOM after its exit animation.
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByText('Profile was successfully updated.')).toBeNull();
  });
});

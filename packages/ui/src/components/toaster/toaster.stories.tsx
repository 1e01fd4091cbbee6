import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from '../button/button';
import { clearNotifications, notifyError, notifySuccess, Toaster } from './toaster';

/** The toaster plus buttons to raise toasts; `initial` is raised once on mount. */
function Demo({ initial }: { initial?: 'success' | 'error' | 'both' }) {
  useEffect(() => {
    if (initial === 'success' || initial === 'both') notifySuccess('Profile was successfully updated.');
    if (initial === 'error' || initial === 'both') notifyError('Upload file failed.');
    return () => clearNotifications();
  }, [initial]);
  return (
    <div style={{ display: 'flex', gap: '0.5rem', paddingTop: '6rem' }}>
      <Toaster />
      <Button onClick={() => notifySuccess('Update successfully.')}>Success</Button>
      <Button variant="danger" onClick={() => notifyError('The session is no longer valid')}>
        Error
      </Button>
    </div>
  );
}

const meta = {
  title: 'Components/Toaster',
  component: Demo,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 240 } } },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Success: Story = { args: { initial: 'success' } };
export const WithError: Story = { args: { initial: 'error' } };
export const Both: Story = { args: { initial: 'both' } };

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { checkLogo, logoTypeOf } from './logo-rules';
import { LogoUpload } from './logo-upload';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const png = (name = 'logo.png') => new File([PNG], name, { type: 'image/png' });
const svgAsPng = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', {
    type: 'image/png',
  });
const input = () => screen.getByTestId('logo-input') as HTMLInputElement;

function Controlled({ onSelect, error }: { onSelect: (file: File) => void; error?: string }) {
  const [value] = useState<string | null>(null);
  return <LogoUpload label="Logo" value={value} onSelect={onSelect} error={error} placeholder="sol" />;
}

describe('logo rules', () => {
  it('tells PNG and JPEG by their first bytes, nothing else', () => {
    expect(logoTypeOf(Uint8Array.from(PNG_SIGNATURE))).toBe('png');
    expect(logoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(logoTypeOf(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(logoTypeOf(new Uint8Array())).toBeNull();
  });

  it('refuses a renamed SVG by content and a PNG over 2 MB by size', async () => {
    expect(await checkLogo(png())).toBeNull();
    expect(await checkLogo(svgAsPng())).toEqual({ code: 'logo_type', params: {} });
    const big = new File([Uint8Array.from(PNG_SIGNATURE), new Uint8Array(2 * 1024 * 1024)], 'big.png');
    expect(await checkLogo(big)).toEqual({ code: 'file_too_large', params: { 0: 'big.png', limit: 2 } });
    const limit = new File([Uint8Array.from(PNG_SIGNATURE), new Uint8Array(2 * 1024 * 1024 - 8)], 'ok.png');
    expect(await checkLogo(limit)).toBeNull();
  });
});

describe('LogoUpload', () => {
  it('previews a valid PNG and hands it over', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(<Controlled onSelect={onSelect} />);
    expect(screen.getByText('No logo yet.')).toBeTruthy();
    expect(screen.getByText('S')).toBeTruthy();
    await user.upload(input(), png());
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect.mock.calls[0]![0]).toBeInstanceOf(File);
    const preview = (await screen.findByRole('img', { name: 'Preview of logo.png' })) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('logo.png chosen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('refuses an SVG named .png with the documented text, and a logo over 2 MB', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderUi(<Controlled onSelect={onSelect} />);
    await user.upload(input(), svgAsPng());
    expect((await screen.findByRole('alert')).textContent).toBe('Only JPEG and PNG files are allowed.');
    expect(screen.getByRole('group', { name: 'Logo' }).getAttribute('aria-describedby')).toContain(
      screen.getByRole('alert').id,
    );
    await user.upload(
      input(),
      new File([Uint8Array.from(PNG_SIGNATURE), new Uint8Array(3 * 1024 * 1024)], 'big.png'),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file big.png exceeds the 2 MB limit.'),
    );
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the current logo, an outside error, and locks while uploading', () => {
    const { rerender } = renderUi(
      <LogoUpload
        label="Logo"
        value="https://cdn.example/logo.png"
        onSelect={() => {}}
        error="Upload file failed."
      />,
    );
    expect(screen.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toBe(
      'https://cdn.example/logo.png',
    );
    expect(screen.getByRole('alert').textContent).toBe('Upload file failed.');
    rerender(<LogoUpload label="Logo" value="https://cdn.example/logo.png" onSelect={() => {}} waiting />);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('group', { name: 'Logo' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Uploading the logo…' })).toBeTruthy();
  });

  it('offers to remove the logo there is, when removing is offered', async () => {
    const onRemove = vi.fn();
    const { rerender } = renderUi(
      <LogoUpload
        label="Logo"
        value="https://cdn.example/logo.png"
        onSelect={() => {}}
        onRemove={onRemove}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    // No logo, or no onRemove: nothing to remove.
    rerender(<LogoUpload label="Logo" value={null} onSelect={() => {}} onRemove={onRemove} />);
    expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull();
    rerender(<LogoUpload label="Logo" value="https://cdn.example/logo.png" onSelect={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled onSelect={() => {}} />, { locale: 'es' });
    await user.upload(input(), svgAsPng());
    expect((await screen.findByRole('alert')).textContent).toBe('Solo se permiten archivos JPEG y PNG.');
  });
});

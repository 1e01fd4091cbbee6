import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { FileDrop } from './file-drop';
import { addFiles, CSV_TYPES } from './file-rules';

const MB = 1024 * 1024;
const file = (name: string, bytes = 10, type = 'application/pdf') => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: bytes });
  return made;
};

function Controlled({
  maxFiles = 3,
  maxMb = 5,
  onFiles,
}: {
  maxFiles?: number;
  maxMb?: number;
  onFiles?: (f: File[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileDrop
      label="Documents"
      files={files}
      maxFiles={maxFiles}
      maxMb={maxMb}
      required
      onChange={(next) => {
        setFiles(next);
        onFiles?.(next);
      }}
    />
  );
}

const input = () => screen.getByTestId('file-input') as HTMLInputElement;
const chosen = () =>
  screen.queryByRole('list', { name: 'Chosen files' })
    ? within(screen.getByRole('list', { name: 'Chosen files' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.firstChild?.textContent)
    : [];

describe('FileDrop', () => {
  it('takes TXT, DOCX and PDF files from the picker', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    renderUi(<Controlled onFiles={onFiles} />);
    expect(input().accept).toContain('.docx');
    await user.upload(input(), [file('notes.txt', 10, 'text/plain'), file('Guide.DOCX'), file('fees.pdf')]);
    expect(chosen()).toEqual(['notes.txt', 'Guide.DOCX', 'fees.pdf']);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects a file over the size limit with the documented text', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled maxMb={5} />);
    await user.upload(input(), [file('big.pdf', 6 * MB), file('ok.pdf', 5 * MB)]);
    expect(screen.getByRole('alert').textContent).toBe('The file big.pdf exceeds the 5 MB limit.');
    expect(chosen()).toEqual(['ok.pdf']);
  });

  it('rejects files past the count limit with the documented text', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled maxFiles={2} />);
    await user.upload(input(), [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf')]);
    expect(screen.getByRole('alert').textContent).toBe('Only a maximum of 2 files can be uploaded.');
    expect(chosen()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('rejects other types dropped on it', () => {
    const onFiles = vi.fn();
    renderUi(<Controlled onFiles={onFiles} />);
    const zone = screen.getByRole('group', { name: 'Documents' });
    fireEvent.drop(zone, { dataTransfer: { files: [file('photo.png', 10, 'image/png')] } });
    expect(screen.getByRole('alert').textContent).toBe('The file photo.png is not a TXT, DOCX or PDF file.');
    expect(onFiles).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [file('brochure.pdf')] } });
    expect(chosen()).toEqual(['brochure.pdf']);
  });

  it("says 'File is required.' when the last file is removed", async () => {
    const user = userEvent.setup();
    renderUi(<Controlled />);
    await user.upload(input(), [file('a.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(chosen()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('File is required.');
  });

  it('works from the keyboard: the button opens the picker', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    renderUi(<Controlled />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose files' }));
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    expect(click.mock.contexts.at(-1)).toBe(input());
    click.mockRestore();
  });

  it('is locked while uploading', async () => {
    renderUi(<FileDrop label="Documents" files={[file('a.pdf')]} waiting onChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Choose files' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove a.pdf' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status', { name: 'Uploading files…' })).toBeTruthy();
  });

  it('skips a file already chosen', () => {
    const kept = file('a.pdf', 100);
    const result = addFiles([kept], [file('a.pdf', 100), file('b.pdf')], { maxFiles: 5, maxMb: 1 });
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(result.rejected).toEqual([]);
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled maxMb={5} maxFiles={2} />, { locale: 'es' });
    await user.upload(input(), [file('grande.pdf', 6 * MB), file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    const texts = within(screen.getByRole('alert'))
      .getAllByText(/./)
      .map((node) => node.textContent);
    expect(texts).toEqual([
      'El archivo grande.pdf supera el límite de 5 MB.',
      'Solo se puede subir un máximo de 2 archivos.',
    ]);
    expect(screen.getByRole('button', { name: 'Elegir archivos' })).toBeTruthy();
  });

  it('takes one CSV when told: a new file replaces the chosen one, another type is refused by name', () => {
    function OneCsv() {
      const [files, setFiles] = useState<File[]>([]);
      return (
        <FileDrop
          label="Leads"
          files={files}
          onChange={setFiles}
          maxFiles={1}
          maxMb={10}
          types={CSV_TYPES}
          typeNames="CSV"
        />
      );
    }
    renderUi(<OneCsv />);
    expect(input().accept).toBe('.csv,text/csv');
    expect(input().multiple).toBe(false);
    expect(screen.getByText('CSV, up to 10 MB.')).toBeTruthy();
    const zone = screen.getByRole('group', { name: 'Leads' });
    fireEvent.drop(zone, { dataTransfer: { files: [file('leads.pdf')] } });
    expect(screen.getByRole('alert').textContent).toBe('The file leads.pdf is not a CSV file.');
    fireEvent.drop(zone, { dataTransfer: { files: [file('march.csv', 10, 'text/csv')] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file('april.CSV', 10, 'text/csv')] } });
    const list = screen.getByRole('list', { name: 'Chosen file' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['april.CSV']);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });
});

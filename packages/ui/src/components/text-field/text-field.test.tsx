import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { TextField, type TextFieldProps } from './text-field';

function Controlled({ onValue, ...props }: Partial<TextFieldProps> & { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Email"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('TextField', () => {
  it('is labelled and reports what is typed', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    await user.type(input, 'ana@school.edu');
    expect(input.value).toBe('ana@school.edu');
    expect(onValue).toHaveBeenLastCalledWith('ana@school.edu');
  });

  it('shows an error linked to the input, and the hint', () => {
    renderUi(<Controlled hint="We never share it." error="Invalid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it.', 'Invalid email address.']);
  });

  it('is read-only and busy while waiting', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled waiting onValue={onValue} />);
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    await user.type(input, 'x');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('takes no input when disabled', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderUi(<Controlled disabled onValue={onValue} />);
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('renders a text area when multiline', async () => {
    const user = userEvent.setup();
    renderUi(<Controlled label="Answer" multiline />);
    const area = screen.getByLabelText('Answer');
    expect(area.tagName).toBe('TEXTAREA');
    await user.type(area, 'line one{Enter}line two');
    expect((area as HTMLTextAreaElement).value).toBe('line one\nline two');
  });
});

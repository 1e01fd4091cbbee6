import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { EmailField } from './email-field';

const input = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('EmailField', () => {
  it("is an e-mail input named 'email', labelled 'Email', that the user types in", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<EmailField whose="own" value="" onChange={onChange} required />);
    const field = input(/^Email/);
    expect(field.type).toBe('email');
    expect(field.name).toBe('email');
    expect(field.required).toBe(true);
    expect(field.autocomplete).toBe('email');
    await user.type(field, 'm');
    expect(onChange).toHaveBeenCalledWith('m');
  });

  it("tells autofill whose address it is: the user's, the one they sign in with, or someone else's", () => {
    renderUi(
      <>
        <EmailField whose="sign-in" label="Sign-in email" value="" onChange={vi.fn()} />
        <EmailField whose="other" label="Their email" name="contact" value="" onChange={vi.fn()} />
      </>,
    );
    expect(input(/^Sign-in email/).autocomplete).toBe('username');
    expect(input(/^Their email/).autocomplete).toBe('off');
    expect(input(/^Their email/).name).toBe('contact');
  });

  it('shows its error and speaks Spanish', () => {
    renderUi(<EmailField whose="own" value="x" onChange={vi.fn()} error="Bad address." />, { locale: 'es' });
    const field = input(/^Correo electrónico/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bad address.')).toBeTruthy();
  });
});

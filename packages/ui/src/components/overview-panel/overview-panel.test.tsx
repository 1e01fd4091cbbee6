import type { Overview } from '@conversa/contract/conversation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render';
import { OverviewPanel } from './overview-panel';

const overview: Overview = {
  summary: 'Asked about the bus.',
  intent: 'enrolment',
  topics: ['Transport'],
  unanswered_questions: [],
  contact: { name: 'Lucía', email: null, phone: '+34612345678' },
  urgency: 'high',
  next_step: 'Call back.',
  language: 'en',
  generated_at: '2025-03-10T10:00:00Z',
  generator: 'llm',
};

describe('OverviewPanel', () => {
  it("offers 'Generate overview' while there is none", async () => {
    const onGenerate = vi.fn();
    renderUi(<OverviewPanel overview={null} onGenerate={onGenerate} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate overview' }));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it("shows every part of the overview and 'Regenerate'", () => {
    renderUi(<OverviewPanel overview={overview} onGenerate={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Overview' });
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(value('Summary')).toBe('Asked about the bus.');
    expect(value('Intent')).toBe('Enrolment');
    expect(value('Topics')).toBe('Transport');
    expect(value('Unanswered questions')).toBe('None');
    expect(value('Contact')).toBe('Lucía · +34612345678');
    expect(value('Urgency')).toBe('High');
    expect(value('Next step')).toBe('Call back.');
    expect(within(panel).getByText(/^Written by the AI model on /)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
  });

  it('speaks Spanish and hides the button from read-only members', () => {
    renderUi(<OverviewPanel overview={overview} onGenerate={vi.fn()} canGenerate={false} />, {
      locale: 'es',
    });
    expect(screen.getByText('Matrícula')).toBeTruthy();
    expect(screen.getByText('Alta')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

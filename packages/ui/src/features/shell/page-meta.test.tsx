import { i18n } from '@lingui/core';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render';
import { documentTitle, PageMeta, pageTitles } from './page-meta';

const meta = (key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

describe('PageMeta', () => {
  it('sets "{title} | Conversa" and the share tags, with website and the share image by default', () => {
    renderUi(<PageMeta title={pageTitles.leads} url="https://console.example/sales-support/leads/3" />);
    expect(document.title).toBe('Leads | Conversa');
    expect(meta('og:title')).toBe('Leads | Conversa');
    expect(meta('og:type')).toBe('website');
    expect(meta('og:url')).toBe('https://console.example/sales-support/leads/3');
    expect(meta('og:image')).toBe(`${window.location.origin}/og-image.png`);
    expect(meta('og:description')).toBe(
      'Set up AI assistants that answer families and customers, trained with your own documents and FAQs.',
    );
    expect(meta('description')).toBe(meta('og:description'));
  });

  it('takes a plain title, its own description, type, url and image, and keeps one tag of each', () => {
    const { rerender } = renderUi(<PageMeta title="First" />);
    rerender(
      <PageMeta
        title="Colegio Norte"
        description="Ask us anything"
        type="article"
        image="https://cdn.example/x.png"
      />,
    );
    expect(document.title).toBe(documentTitle('Colegio Norte'));
    expect(meta('og:description')).toBe('Ask us anything');
    expect(meta('og:type')).toBe('article');
    expect(meta('og:url')).toBe(window.location.href);
    expect(meta('og:image')).toBe('https://cdn.example/x.png');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });

  it('follows the language', () => {
    renderUi(<PageMeta title={pageTitles.orderDetails} />);
    expect(document.title).toBe('Order details | Conversa');
    act(() => i18n.activate('es'));
    expect(document.title).toBe('Detalle del pedido | Conversa');
    expect(meta('og:description')).toMatch(/^Configura asistentes de IA/);
  });
});

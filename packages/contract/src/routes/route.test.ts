import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints';
import * as assistants from './assistants';
import * as chat from './chat';
import { fillPath } from './route';

describe('fillPath', () => {
  it('fills and encodes the params, relative to the API base', () => {
    expect(fillPath(assistants.getFaqs.path, { id: 7 })).toBe('institution-product/7/faq');
    expect(fillPath(chat.publicAssistant.path, { kind: 'retail', id: 3 })).toBe('public/retail/3');
    expect(fillPath('/a/{id}', { id: 'x/y z' })).toBe('a/x%2Fy%20z');
    expect(fillPath('/institution')).toBe('institution');
  });

  it('is fed by the same routes as the table', () => {
    expect(endpoints.getFaqs).toMatchObject(assistants.getFaqs);
    expect(endpoints.postMessage).toMatchObject(chat.postMessage);
  });
});

/**
 * An ordered list of form rows (react-hook-form's field array) that editors reorder with up and down
 * buttons and remove: each item titled ("FAQ 2"), each change announced to screen readers, and the
 * focus kept where the hand is (on the moved item's button, or on the add button once an item is
 * gone). The FAQs and the lead and order fields are edited this way.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { FieldArrayPath, FieldValues, UseFieldArrayReturn } from 'react-hook-form';
import styled from 'styled-components';
import { StackList } from '../../primitives/stack-list';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Button } from '../button/button';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const ItemHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const ItemTitle = styled.h3`
  margin: 0;
  font-size: 1rem;
  font-weight: 700;
`;

const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

/** What the list says of its items, translated by the caller; `n` counts from 1. */
export interface SortableTexts {
  title: (n: number) => string;
  moveUp: (n: number) => string;
  moveDown: (n: number) => string;
  remove: (n: number) => string;
  removed: (n: number) => string;
  moved: (position: number, count: number) => string;
  /** The remove button's visible text. */
  removeLabel: string;
}

export interface SortableRows {
  /** Moves the item at `index` one place up (-1) or down (1). */
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
  /** Focuses the element with this id once the list has re-rendered. */
  focusLater: (id: string) => void;
  /** The id the add button must carry: it takes the focus after a removal. */
  addId: string;
  announcement: string;
}

/** The list's moves and removals over `rows`; `onChange` runs after each (e.g. to clear errors). */
export function useSortableRows<V extends FieldValues, N extends FieldArrayPath<V>>(
  rows: UseFieldArrayReturn<V, N>,
  { base, texts, onChange }: { base: string; texts: SortableTexts; onChange?: () => void },
): SortableRows {
  const [announcement, setAnnouncement] = useState('');
  const count = rows.fields.length;
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  const addId = `${base}-add`;
  return {
    addId,
    announcement,
    focusLater,
    remove(index) {
      rows.remove(index);
      onChange?.();
      setAnnouncement(texts.removed(index + 1));
      // The removed item's buttons are gone: the focus goes to the add button.
      focusLater(addId);
    },
    move(index, by) {
      const target = index + by;
      if (target < 0 || target >= count) return;
      rows.move(index, target);
      onChange?.();
      setAnnouncement(texts.moved(target + 1, count));
      // Keep the focus on the item's move buttons; at the top or bottom, the other one.
      const edge = by === -1 ? target === 0 : target === count - 1;
      focusLater(`${base}-${target}-${edge === (by === -1) ? 'down' : 'up'}`);
    },
  };
}

export interface SortableListProps {
  label: string;
  /** Where the list's changes are announced. */
  announcement: string;
  children: ReactNode;
}

/** The ordered list, and its live region. */
export function SortableList({ label, announcement, children }: SortableListProps) {
  return (
    <>
      <StackList as="ol" $gap={4} aria-label={label}>
        {children}
      </StackList>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

export interface SortableItemProps {
  /** The list's id prefix (as given to `useSortableRows`). */
  base: string;
  index: number;
  count: number;
  texts: SortableTexts;
  list: SortableRows;
  /** Without it, the item has no buttons. */
  editable: boolean;
  children: ReactNode;
}

/** One item: its title, its up, down and remove buttons, then its fields. */
export function SortableItem({ base, index, count, texts, list, editable, children }: SortableItemProps) {
  const n = index + 1;
  return (
    <Item aria-labelledby={`${base}-${index}-title`}>
      <ItemHeader>
        <ItemTitle id={`${base}-${index}-title`}>{texts.title(n)}</ItemTitle>
        {editable ? (
          <ItemActions>
            <Button
              id={`${base}-${index}-up`}
              variant="ghost"
              size="small"
              disabled={index === 0}
              aria-label={texts.moveUp(n)}
              onClick={() => list.move(index, -1)}
            >
              <span aria-hidden="true">↑</span>
            </Button>
            <Button
              id={`${base}-${index}-down`}
              variant="ghost"
              size="small"
              disabled={index === count - 1}
              aria-label={texts.moveDown(n)}
              onClick={() => list.move(index, 1)}
            >
              <span aria-hidden="true">↓</span>
            </Button>
            <Button
              variant="ghost"
              size="small"
              aria-label={texts.remove(n)}
              onClick={() => list.remove(index)}
            >
              {texts.removeLabel}
            </Button>
          </ItemActions>
        ) : null}
      </ItemHeader>
      {children}
    </Item>
  );
}

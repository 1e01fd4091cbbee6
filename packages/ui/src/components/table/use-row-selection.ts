/**
 * Rows ticked in a table for a bulk action. Only rows on screen count as selected: what an action
 * removes is what the user sees ticked.
 */
import { useState } from 'react';

/** What a table needs to draw the ticks: `SelectableTable` takes this. */
export interface RowSelection<Id> {
  count: number;
  allOn: boolean;
  isSelected: (id: Id) => boolean;
  toggle: (id: Id, on: boolean) => void;
  toggleAll: (on: boolean) => void;
}

export function useRowSelection<Row extends { id: Id }, Id extends string | number>(rows: readonly Row[]) {
  const [selected, setSelected] = useState<ReadonlySet<Id>>(new Set());
  const present = rows.filter((row) => selected.has(row.id));
  const count = present.length;
  const allOn = rows.length > 0 && count === rows.length;
  return {
    /** The ticked rows on screen, in order. */
    present,
    count,
    /** Every row on screen is ticked. */
    allOn,
    isSelected: (id: Id) => selected.has(id),
    toggle: (id: Id, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    /** Ticks every row on screen, or none. */
    toggleAll: (on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set()),
    /** Unticks everything, on screen or not. */
    clear: () => setSelected(new Set()),
    /** Unticks these ids (rows an action removed). */
    drop: (ids: readonly Id[]) =>
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
  };
}

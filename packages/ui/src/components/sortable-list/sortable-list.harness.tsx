/** A sortable list of named items on its own form, for the component's story and test. */
import { useEffect, useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { SortableItem, SortableList, type SortableTexts, useSortableRows } from './sortable-list';

const texts: SortableTexts = {
  title: (n) => `Item ${n}`,
  moveUp: (n) => `Move item ${n} up`,
  moveDown: (n) => `Move item ${n} down`,
  remove: (n) => `Remove item ${n}`,
  removed: (n) => `Item ${n} removed.`,
  moved: (position, count) => `Item moved to position ${position} of ${count}.`,
  removeLabel: 'Remove',
};

export interface SortableHarnessProps {
  names: string[];
  editable?: boolean;
  /** The names, in order, after each change. */
  onChange?: (names: string[]) => void;
}

export function SortableHarness({ names, editable = true, onChange }: SortableHarnessProps) {
  const base = useId();
  const form = useForm({ defaultValues: { items: names.map((name) => ({ name })) } });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const list = useSortableRows(rows, { base, texts });
  const current = form.watch('items').map((item) => item.name);
  const key = JSON.stringify(current);
  useEffect(() => onChange?.(current), [key]);
  return (
    <>
      <SortableList label="Items" announcement={list.announcement}>
        {rows.fields.map((row, index) => (
          <SortableItem
            key={row.id}
            base={base}
            index={index}
            count={rows.fields.length}
            texts={texts}
            list={list}
            editable={editable}
          >
            <TextField
              label="Name"
              value={current[index] ?? ''}
              onChange={(name) => form.setValue(`items.${index}.name`, name)}
              disabled={!editable}
            />
          </SortableItem>
        ))}
      </SortableList>
      {editable ? (
        <Button id={list.addId} variant="secondary" onClick={() => rows.append({ name: '' })}>
          Add item
        </Button>
      ) : null}
    </>
  );
}

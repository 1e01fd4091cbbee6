export {
  SortableItem,
  type SortableItemProps,
  SortableList,
  type SortableListProps,
  type SortableRows,
  type SortableTexts,
  useSortableRows,
} from './sortable-list';

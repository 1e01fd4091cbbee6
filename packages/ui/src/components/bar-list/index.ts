export { type Bar, BarList, type BarListProps } from './bar-list';

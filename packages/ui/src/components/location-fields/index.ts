export { LocationFields, type LocationFieldsProps } from './location-fields';

export {
  EMPTY_INSTITUTION,
  InstitutionFields,
  type InstitutionFieldName,
  type InstitutionFieldsProps,
  type InstitutionValues,
} from './institution-fields';

export {
  EMPTY_PROFILE,
  ProfileFields,
  type ProfileFieldName,
  type ProfileFieldsProps,
  type ProfileValues,
} from './profile-fields';

/**
 * The only module that imports Headless UI (STYLE: one wrapper per third-party UI kit), so an
 * upgrade or a swap touches one file.
 */
export {
  Description,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Field,
  Label,
  Menu,
  MenuButton,
  MenuItem,
  MenuHeading,
  MenuItems,
  MenuSection,
  MenuSeparator,
  Switch,
} from '@headlessui/react';

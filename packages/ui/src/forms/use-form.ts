/**
 * A screen's form on react-hook-form, validated with the contract's valibot schemas: values, errors
 * translated through lingui, focus on the first invalid field on submit, a form-level error, and the
 * server's issues (`{issues:[{path,message}]}`) under their fields.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react';
import { type Dispatch, type RefCallback, type SetStateAction, useState } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  useForm as useHookForm,
  type UseFormReturn,
} from 'react-hook-form';
import type * as v from 'valibot';
import { type MessageParams, validationMessage } from '../i18n/codes';
import { formErrors } from './field-errors';

export interface FormOptions<V extends FieldValues> {
  /** Placeholders of translated validation texts by code, e.g. `{ invalid_url: { host: '…' } }`. */
  params?: Record<string, MessageParams>;
  /** The form's field for a server issue's wire path (default: the same path when the form has it). */
  fieldOf?: (path: string) => FieldPath<V> | null;
}

/** What `bind(name)` gives a `TextField` or `PasswordField`: value, change, error and a focusable ref. */
export interface BoundField {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref: RefCallback<HTMLElement>;
}

/** The form, as `useForm` gives it and components bound to it take it: react-hook-form's and these. */
export interface Form<V extends FieldValues> extends UseFormReturn<V> {
  /** The current values (`watch()`). */
  values: V;
  /** Every field's message by its path (`faqs.0.question`). */
  errors: Record<string, string>;
  /** Sets a field as the user would, clearing its message. */
  set: <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) => void;
  /** Props for a text input of a string field. */
  bind: (name: FieldPath<V>) => BoundField;
  /** Shows what a failed call said: issues under the fields they name, anything else above the form. */
  fail: (error: unknown) => void;
  /** The submit handler for `SubmitForm`: clears the form's message, checks, then calls `onValid`. */
  submit: (onValid: (values: V) => unknown) => () => Promise<void>;
  /** The message above the form (a failed call's that no field takes), or null. */
  formError: string | null;
  setFormError: Dispatch<SetStateAction<string | null>>;
}

/** Every leaf error as `path → message`, so components keyed by the wire's field names can show them. */
function flatten(
  errors: FieldErrors,
  prefix = '',
  into: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const leaf = value as FieldError;
    if (isLeaf(leaf)) into[path] = leaf.message ?? '';
    else flatten(value as FieldErrors, path, into);
  }
  return into;
}

/** Every wire path a set of values has (`faqs.0.question`), to place server issues. */
function paths(values: unknown, prefix = '', into: string[] = []): string[] {
  if (values && typeof values === 'object') {
    for (const [key, value] of Object.entries(values)) paths(value, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) into.push(prefix);
  return into;
}

/**
 * The form for `schema` (a valibot schema of the form's values, built from the contract's field
 * schemas). Values stay as typed (the resolver checks them raw); the screen builds the request body.
 */
export function useForm<V extends FieldValues>(
  schema: v.GenericSchema,
  defaultValues: V,
  { params = {}, fieldOf }: FormOptions<V> = {},
): Form<V> {
  const { i18n } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);

  // The schema's messages are the contract's validation codes: shown in the active language.
  const check = valibotResolver(schema as v.GenericSchema<V>, undefined, {
    raw: true,
  }) as unknown as Resolver<V>;
  const resolver: Resolver<V> = async (values, context, options) => {
    const result = await check(values, context, options);
    for (const error of Object.values(flattenRefs(result.errors))) {
      if (typeof error.message === 'string')
        error.message = validationMessage(error.message, params[error.message] ?? {}, i18n);
    }
    return result;
  };

  const form = useHookForm<V>({
    defaultValues: defaultValues as never,
    resolver,
    // Checked on submit only; editing a field clears its message (the user is fixing it).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const messages = flatten(form.formState.errors);

  /** Sets a field as the user would, clearing its message. */
  const set = <N extends FieldPath<V>>(name: N, value: PathValue<V, N>) => {
    form.setValue(name, value, { shouldDirty: true });
    if (messages[name] !== undefined) form.clearErrors(name);
  };

  /** Props for a text input of a string field. */
  const bind = (name: FieldPath<V>): BoundField => ({
    value: (form.watch(name) as string | undefined) ?? '',
    onChange: (value) => set(name, value as PathValue<V, typeof name>),
    error: messages[name],
    ref: form.register(name).ref,
  });

  /** Shows what a failed call said: issues under the fields they name, anything else above the form. */
  const fail = (error: unknown) => {
    const wire = fieldOf ? null : paths(form.getValues());
    const placed = formErrors(error, (path) => place(path) !== null, i18n);
    function place(path: string): FieldPath<V> | null {
      if (fieldOf) return fieldOf(path);
      return wire!.includes(path) ? (path as FieldPath<V>) : null;
    }
    form.clearErrors();
    for (const [path, message] of Object.entries(placed.fields)) {
      form.setError(place(path)!, { type: 'server', message });
    }
    setFormError(placed.form);
  };

  /** The submit handler for `SubmitForm`: clears the form's message, checks, then calls `onValid`. */
  const submit = (onValid: (values: V) => unknown) => async () => {
    setFormError(null);
    await form.handleSubmit(async (values) => {
      await onValid(values);
    })();
  };

  return {
    ...form,
    values: form.watch(),
    errors: messages,
    set,
    bind,
    fail,
    submit,
    formError,
    setFormError,
  };
}

/** The resolver's nested errors as a flat list of leaf errors (to translate them in place). */
function flattenRefs(errors: FieldErrors, into: Record<string, FieldError> = {}, prefix = '') {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const leaf = value as FieldError;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isLeaf(leaf)) into[path] = leaf;
    else flattenRefs(value as FieldErrors, into, path);
  }
  return into;
}

// A field's error, not an object of nested fields (which may have fields called `type` or `message`).
function isLeaf(value: FieldError): boolean {
  return typeof value.type === 'string' && (value.message === undefined || typeof value.message === 'string');
}

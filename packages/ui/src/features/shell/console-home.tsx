/**
 * Where the console starts (docs/product.md#screens-and-routes: the root): the first product's trainer, pre-sales or sales
 * support by its type, or the assistant setup when the institution has no product yet. With a
 * `section`, the first product of that area (the /pre-sales and /sales-support index routes).
 */
import { useInstitutionProducts } from '@conversa/data/products/list-institution-products';
import type { Product } from '@conversa/data/products/product';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button/button';
import { consolePaths, type ProductSection, sectionOf, trainerPath } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, FormAlert, Page } from '../../forms/form-layout';

/** The start path for a list of products (and optionally one area). */
export function homePath(products: readonly Product[], section?: ProductSection): string {
  const inSection = section ? products.find((product) => sectionOf(product.type) === section) : undefined;
  const first = inSection ?? products[0];
  return first ? trainerPath(first) : consolePaths.setupAssistant;
}

export interface ConsoleHomeProps {
  /** Only products of this area count (falls back to any product, then to the setup). */
  section?: ProductSection;
  /** The start path is known: the app replaces the current entry with it. */
  onResolved(path: string): void;
}

/** Waits for the institution's products, then calls back with the start path; offers a retry on failure. */
export function ConsoleHome({ section, onResolved }: ConsoleHomeProps) {
  const { t } = useLingui();
  const session = useSession();
  const products = useInstitutionProducts();
  // Without an institution there is nothing to list: the setup is the start.
  const path =
    session.institutionId === null
      ? consolePaths.setupAssistant
      : products.data
        ? homePath(products.data, section)
        : null;

  // Called once per path, however often the parent re-renders with a new callback.
  const resolve = useRef(onResolved);
  resolve.current = onResolved;
  useEffect(() => {
    if (path !== null) resolve.current(path);
  }, [path]);

  if (products.error && path === null) {
    return (
      <Page>
        <Card>
          <FormAlert>{t`The console could not be loaded. Check your connection and try again.`}</FormAlert>
          <Actions>
            <Button waiting={products.isValidating} onClick={() => void products.mutate()}>
              {t`Try again`}
            </Button>
          </Actions>
        </Card>
      </Page>
    );
  }
  return <Waiting block showLabel label={t`Opening the console…`} />;
}

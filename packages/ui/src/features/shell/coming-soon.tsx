/** The page of a route whose screen comes later: its title and a 'coming soon' line. */
import { useLingui } from '@lingui/react/macro';
import { Card, Intro, Page, PageTitle } from '../../forms/form-layout';

export interface ComingSoonPageProps {
  /** The page's translated title. */
  title: string;
}

/** A heading and a short translated note. */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  const { t } = useLingui();
  return (
    <Page aria-labelledby="coming-soon-title">
      <PageTitle id="coming-soon-title">{title}</PageTitle>
      <Card>
        <Intro>{t`This page is coming soon.`}</Intro>
      </Card>
    </Page>
  );
}

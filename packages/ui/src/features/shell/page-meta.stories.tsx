import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { documentTitle, PageMeta, pageTitles } from './page-meta';

/** Shows what `PageMeta` wrote into the document head (it renders nothing itself). */
function HeadPreview(props: Parameters<typeof PageMeta>[0]) {
  const [head, setHead] = useState<[string, string][]>([]);
  useEffect(() => {
    const tags = [...document.head.querySelectorAll('meta[property^="og:"], meta[name="description"]')];
    setHead([
      ['title', document.title],
      ...tags.map((tag): [string, string] => [
        tag.getAttribute('property') ?? tag.getAttribute('name') ?? '',
        tag.getAttribute('content') ?? '',
      ]),
    ]);
  }, [props.title, props.description]);
  return (
    <>
      <PageMeta {...props} />
      <table>
        <caption>Document head</caption>
        <tbody>
          {head.map(([key, value]) => (
            <tr key={key}>
              <th scope="row" style={{ textAlign: 'start', paddingInlineEnd: 16 }}>
                {key}
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Every page title of the console, as the tab shows it, in the toolbar's language. */
function AllTitles() {
  const { i18n } = useLingui();
  return (
    <ul>
      {Object.entries(pageTitles).map(([key, title]) => (
        <li key={key}>
          <code>{key}</code>: {documentTitle(i18n._(title))}
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Features/Shell/Page meta',
  component: HeadPreview,
  tags: ['autodocs'],
  args: { title: pageTitles.leads },
} satisfies Meta<typeof HeadPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A console page: title, default description, website type, the share image. */
export const ConsolePage: Story = {};

/** A page with its own description. */
export const OwnDescription: Story = {
  args: { title: 'Colegio Sol', description: 'Ask our admissions assistant anything.' },
};

/** In Spanish. */
export const Spanish: Story = { globals: { locale: 'es' } };

/** All titles, for review. */
export const Titles: Story = { render: () => <AllTitles /> };

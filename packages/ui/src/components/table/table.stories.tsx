import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import type { PageState } from './pagination';
import { Table, type TableColumn, type TableProps } from './table';

interface Institution {
  id: number;
  name: string;
  country: string;
}

const countries = ['Spain', 'Mexico', 'Colombia', 'Argentina', 'Chile'];
const institutions: Institution[] = Array.from({ length: 57 }, (_, i) => ({
  id: 1000 + i,
  name: `Colegio ${['San José', 'Santa María', 'Montessori', 'Británico', 'Alemán'][i % 5]} ${i + 1}`,
  country: countries[i % countries.length] ?? 'Spain',
}));

const columns: TableColumn<Institution>[] = [
  { key: 'id', header: 'Id', cell: (row) => row.id, width: '6rem' },
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'country', header: 'Country', cell: (row) => row.country },
];

/** Pages through the sample rows like a list screen pages through the API. */
function Paged(props: TableProps<Institution>) {
  const [state, setState] = useState<PageState>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const start = (state.page - 1) * state.pageSize;
  return (
    <Table
      {...props}
      rows={props.rows.slice(start, start + state.pageSize)}
      pagination={{ ...state, totalCount: props.rows.length, onChange: setState }}
    />
  );
}

const meta = {
  title: 'Components/Table',
  component: Table<Institution>,
  tags: ['autodocs'],
  args: {
    caption: 'Institutions',
    columns,
    rows: institutions,
    rowKey: (row: Institution) => row.id,
    onRowClick: fn(),
  },
  render: (args) => <Paged {...args} />,
} satisfies Meta<typeof Table<Institution>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Empty: Story = { args: { rows: [] } };
export const NoMoreResults: Story = {
  render: (args) => (
    <Table {...args} rows={[]} pagination={{ page: 4, pageSize: 20, totalCount: 57, onChange: fn() }} />
  ),
};
export const Waiting: Story = { args: { waiting: true } };
export const WithError: Story = {
  render: (args) => (
    <Table {...args} rows={[]} error="Something went wrong on our side. Try again in a moment." />
  ),
};
export const WithoutPagination: Story = {
  render: (args) => <Table {...args} rows={institutions.slice(0, 5)} />,
};

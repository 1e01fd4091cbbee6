/**
 * Leads dashboard (`/sales-support/leads/{id}/dashboard`) and Orders dashboard
 * (`/sales-support/orders/{id}/dashboard`): over a date range (the last 30 days first), the figures,
 * the records per day, the sellers and companies with the most, and for orders the products by
 * quantity; a link back to the list.
 */
import { RECORDS_DASHBOARD_TOP, type LeadsDashboard, type OrdersDashboard } from '@conversa/contract/records';
import { can, type Permission } from '@conversa/contract/roles';
import type { RecordKind } from '@conversa/contract/sales';
import { useSession } from '@conversa/data/provider';
import { useRecordsDashboard } from '@conversa/data/sales/records-dashboard';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { type Bar, BarList } from '../../components/bar-list/bar-list';
import { DateRange, type DateRangeValue, lastThirtyDays } from '../../components/date-range/date-range';
import { DayChart } from '../../components/day-chart/day-chart';
import { EmptyState } from '../../components/empty-state/empty-state';
import { type Figure, FigureCards } from '../../components/figure-cards/figure-cards';
import { NavLink } from '../../components/sidebar/nav-link';
import { consolePaths } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { Card, PageTitle, SectionHeading, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { MutedParagraph } from '../../primitives/muted';
import { SalesAssistantGate } from './sales-assistant-gate';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const READ: Record<RecordKind, Permission> = { lead: 'lead.read', order: 'order.read' };

export interface RecordsDashboardPageProps {
  assistantId: number;
  kind: RecordKind;
  onNavigate: (path: string) => void;
  /** The first range shown (the last 30 days by default). */
  initialRange?: DateRangeValue;
}

/** The page: the dashboard of a sales-support assistant's leads or orders, or why there is none. */
export function RecordsDashboardPage({
  assistantId,
  kind,
  onNavigate,
  initialRange,
}: RecordsDashboardPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const lead = kind === 'lead';
  return (
    <WidePage aria-labelledby="records-dashboard-title">
      <Header>
        <PageTitle id="records-dashboard-title">{lead ? t`Leads dashboard` : t`Orders dashboard`}</PageTitle>
        <NavLink
          href={
            lead ? consolePaths.salesSupportLeads(assistantId) : consolePaths.salesSupportOrders(assistantId)
          }
          onNavigate={onNavigate}
        >
          {lead ? t`Back to the leads` : t`Back to the orders`}
        </NavLink>
      </Header>
      {can(session.roles, READ[kind]) ? (
        <SalesAssistantGate assistantId={assistantId}>
          <Dashboard assistantId={assistantId} kind={kind} initialRange={initialRange} />
        </SalesAssistantGate>
      ) : (
        <EmptyState title={lead ? t`You cannot see the leads.` : t`You cannot see the orders.`} />
      )}
    </WidePage>
  );
}

/** The range and what it holds. */
function Dashboard({ assistantId, kind, initialRange }: Omit<RecordsDashboardPageProps, 'onNavigate'>) {
  const { t } = useLingui();
  const [range, setRange] = useState<DateRangeValue>(() => initialRange ?? lastThirtyDays());
  const dashboard = useRecordsDashboard(kind, assistantId, { from: range.start, to: range.end });
  const failureText = useFailureText();
  let body;
  if (dashboard.error && !dashboard.data) {
    body = <LoadFailed message={failureText(dashboard.error)} onRetry={() => void dashboard.mutate()} />;
  } else if (!dashboard.data) {
    body = <Waiting block size="large" label={t`Loading the dashboard…`} />;
  } else {
    body = <Figures kind={kind} figures={dashboard.data} />;
  }
  return (
    <>
      <DateRange label={t`Dates`} value={range} onChange={setRange} />
      {body}
    </>
  );
}

/** The figures, the chart and the lists of a loaded dashboard. */
function Figures({ kind, figures }: { kind: RecordKind; figures: LeadsDashboard | OrdersDashboard }) {
  const { t, i18n } = useLingui();
  const lead = kind === 'lead';
  const orders = lead ? null : (figures as OrdersDashboard);
  const number = (value: number) => i18n.number(value, { maximumFractionDigits: 2 });
  const days = figures.per_day.length;
  const cards: Figure[] = [
    { key: 'records', label: lead ? t`Leads` : t`Orders`, value: figures.records },
    ...(orders
      ? [
          { key: 'lines', label: t`Lines`, value: orders.lines },
          { key: 'quantity', label: t`Total quantity`, value: orders.quantity },
        ]
      : []),
    { key: 'per-day', label: t`Average per day`, value: days > 0 ? figures.records / days : 0 },
  ];
  const bars = (groups: readonly { name: string; records: number; quantity?: number }[]): Bar[] =>
    groups.map((group) => {
      const quantity = group.quantity === undefined ? null : number(group.quantity);
      return {
        key: group.name,
        label: group.name,
        value: group.records,
        detail: quantity === null ? undefined : t`quantity ${quantity}`,
      };
    });
  const top = i18n.number(RECORDS_DASHBOARD_TOP);
  return (
    <>
      <FigureCards label={t`Figures`} figures={cards} />
      {figures.records === 0 ? (
        <EmptyState title={lead ? t`No leads between these dates.` : t`No orders between these dates.`} />
      ) : (
        <>
          <DayChart
            title={t`Per day`}
            days={figures.per_day}
            series={[{ key: 'records', label: lead ? t`Leads` : t`Orders` }]}
          />
          <Columns>
            <Card as="section" aria-labelledby="sellers-title">
              <SectionHeading id="sellers-title">{t`Sellers`}</SectionHeading>
              <MutedParagraph>
                {lead
                  ? t`The ${top} sellers who entered the most leads.`
                  : t`The ${top} sellers who entered the most orders, and the orders' total quantity.`}
              </MutedParagraph>
              <BarList label={t`Sellers`} bars={bars(figures.sellers)} />
            </Card>
            <Card as="section" aria-labelledby="companies-title">
              <SectionHeading id="companies-title">{t`Companies`}</SectionHeading>
              <MutedParagraph>
                {lead
                  ? t`The ${top} companies with the most leads.`
                  : t`The ${top} companies with the most orders.`}
              </MutedParagraph>
              <BarList label={t`Companies`} bars={bars(figures.companies)} />
            </Card>
            {orders ? (
              <Card as="section" aria-labelledby="products-title">
                <SectionHeading id="products-title">{t`Top products`}</SectionHeading>
                <MutedParagraph>{t`The ${top} products ordered in the largest quantity.`}</MutedParagraph>
                <BarList
                  label={t`Top products`}
                  bars={orders.products.map((product) => ({
                    key: product.product_code,
                    label: product.product_description
                      ? `${product.product_code} · ${product.product_description}`
                      : product.product_code,
                    value: product.quantity,
                    detail: t({
                      message: plural(product.orders, { one: 'in # order', other: 'in # orders' }),
                    }),
                  }))}
                />
              </Card>
            ) : null}
          </Columns>
        </>
      )}
    </>
  );
}

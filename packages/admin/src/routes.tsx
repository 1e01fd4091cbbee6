/**
 * The console's route table (docs/product.md#screens-and-routes). Every page is its own chunk (`React.lazy`), so /login loads
 * little; guards are plain components that follow the session as it changes. /admissions/:id and
 * /retail/:id are the widget's public pages, served by the server, not routes here.
 */
import { consolePaths } from '@conversa/ui/components/sidebar';
import { Waiting } from '@conversa/ui/components/waiting';
import { type ComponentType, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { ClientEvents } from './client-events';
import { RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import { lazyPage, Page } from './page';
import type { PageTitleKey } from '@conversa/ui/features/shell/page-meta';

const Login = lazyPage(
  () => import('./pages/login'),
  (m) => m.Component,
);
const ResetPassword = lazyPage(
  () => import('./pages/reset-password'),
  (m) => m.Component,
);
const Home = lazyPage(
  () => import('./pages/home'),
  (m) => m.Component,
);
const PreSalesHome = lazyPage(
  () => import('./pages/home'),
  (m) => m.PreSalesHome,
);
const SalesSupportHome = lazyPage(
  () => import('./pages/home'),
  (m) => m.SalesSupportHome,
);
const ConsoleLayout = lazyPage(
  () => import('./pages/console-layout'),
  (m) => m.Component,
);
const AboutYou = lazyPage(
  () => import('./pages/about-you'),
  (m) => m.Component,
);
const AboutInstitution = lazyPage(
  () => import('./pages/about-institution'),
  (m) => m.Component,
);
const Password = lazyPage(
  () => import('./pages/password'),
  (m) => m.Component,
);
const Logout = lazyPage(
  () => import('./pages/logout'),
  (m) => m.Component,
);
const Trainer = lazyPage(
  () => import('./pages/trainer'),
  (m) => m.Component,
);
const TrainerKnowledgeBase = lazyPage(
  () => import('./pages/trainer-knowledge-base'),
  (m) => m.Component,
);
const TrainerFaqs = lazyPage(
  () => import('./pages/trainer-faqs'),
  (m) => m.Component,
);
const TrainerFields = lazyPage(
  () => import('./pages/trainer-fields'),
  (m) => m.Component,
);
const TrainerTestQuestions = lazyPage(
  () => import('./pages/trainer-test-questions'),
  (m) => m.Component,
);
const TrainerHandoff = lazyPage(
  () => import('./pages/trainer-handoff'),
  (m) => m.Component,
);
const Dashboard = lazyPage(
  () => import('./pages/dashboard'),
  (m) => m.Component,
);
const Review = lazyPage(
  () => import('./pages/review'),
  (m) => m.Component,
);
const Conversation = lazyPage(
  () => import('./pages/conversation'),
  (m) => m.Component,
);
const Leads = lazyPage(
  () => import('./pages/leads'),
  (m) => m.Component,
);
const Orders = lazyPage(
  () => import('./pages/orders'),
  (m) => m.Component,
);
const LeadsDashboard = lazyPage(
  () => import('./pages/leads-dashboard'),
  (m) => m.Component,
);
const OrdersDashboard = lazyPage(
  () => import('./pages/orders-dashboard'),
  (m) => m.Component,
);
const LeadCard = lazyPage(
  () => import('./pages/lead'),
  (m) => m.Component,
);
const OrderDetails = lazyPage(
  () => import('./pages/order'),
  (m) => m.Component,
);
const AllowedNumbers = lazyPage(
  () => import('./pages/allowed-numbers'),
  (m) => m.Component,
);
const SetupAssistant = lazyPage(
  () => import('./pages/setup-assistant'),
  (m) => m.Component,
);
const Team = lazyPage(
  () => import('./pages/team'),
  (m) => m.Component,
);
const Data = lazyPage(
  () => import('./pages/data'),
  (m) => m.Component,
);
const Join = lazyPage(
  () => import('./pages/join'),
  (m) => m.Component,
);
const ChangeInstitution = lazyPage(
  () => import('./pages/change-institution'),
  (m) => m.Component,
);

/** A route element: the page's title, then its screen. */
const page = (title: PageTitleKey, Screen: ComponentType) => (
  <Page title={title}>
    <Screen />
  </Page>
);

/** Waits for a page's chunk. */
function Pending() {
  return (
    <Suspense fallback={<Waiting block />}>
      <Outlet />
    </Suspense>
  );
}

/** The route table; render it inside a router (browser in the app, memory in tests). */
export function ConsoleRoutes() {
  return (
    <>
      <ClientEvents />
      <Routes>
        <Route element={<Pending />}>
          <Route path="login" element={page('login', Login)} />
          {/* Signed in or out: the page itself signs in, then joins. */}
          <Route path="join" element={page('join', Join)} />
          <Route element={<RequireSignedOut />}>
            <Route path="reset-password" element={page('resetPassword', ResetPassword)} />
          </Route>
          <Route element={<RequireSignedIn />}>
            <Route index element={page('console', Home)} />
            <Route element={<ConsoleLayout />}>
              <Route path="setup-assistant" element={page('setupAssistant', SetupAssistant)} />
              <Route path="pre-sales">
                <Route index element={page('trainer', PreSalesHome)} />
                <Route path="dashboard/:id" element={page('dashboard', Dashboard)} />
                <Route path="review/:id" element={page('review', Review)} />
                <Route
                  path="dashboard/:id/conversation/:conversationId"
                  element={page('conversation', Conversation)}
                />
                <Route path="trainer/:id" element={page('trainer', Trainer)} />
                <Route
                  path="trainer/knowledge-base/:id"
                  element={page('knowledgeBase', TrainerKnowledgeBase)}
                />
                <Route path="trainer/faqs/:id" element={page('faqs', TrainerFaqs)} />
                <Route path="trainer/handoff/:id" element={page('handoff', TrainerHandoff)} />
                <Route
                  path="trainer/test-questions/:id"
                  element={page('testQuestions', TrainerTestQuestions)}
                />
              </Route>
              <Route path="sales-support">
                <Route index element={page('trainer', SalesSupportHome)} />
                <Route path="trainer/:id" element={page('trainer', Trainer)} />
                <Route path="trainer/fields/:id" element={page('fields', TrainerFields)} />
                <Route path="knowledge-base/:id" element={page('knowledgeBase', TrainerKnowledgeBase)} />
                <Route path="allowed-numbers/:id" element={page('allowedNumbers', AllowedNumbers)} />
                <Route path="leads/:id" element={page('leads', Leads)} />
                <Route path="orders/:id" element={page('orders', Orders)} />
                <Route path="leads/:id/dashboard" element={page('leadsDashboard', LeadsDashboard)} />
                <Route path="orders/:id/dashboard" element={page('ordersDashboard', OrdersDashboard)} />
                <Route path="lead/:id/card/:leadId" element={page('lead', LeadCard)} />
                <Route path="order/:id/details/:orderId" element={page('orderDetails', OrderDetails)} />
              </Route>
              <Route path="profile">
                <Route path="about-you" element={page('aboutYou', AboutYou)} />
                <Route path="about-your-school" element={page('aboutYourSchool', AboutInstitution)} />
                <Route path="about-your-business" element={page('aboutYourBusiness', AboutInstitution)} />
                <Route path="password" element={page('password', Password)} />
                <Route path="logout" element={page('logout', Logout)} />
              </Route>
              <Route path="team" element={page('team', Team)} />
              <Route path="data" element={page('data', Data)} />
              <Route element={<RequireAdmin />}>
                <Route path="change-institution" element={page('changeInstitution', ChangeInstitution)} />
              </Route>
            </Route>
          </Route>
          {/* docs/product.md#screens-and-routes: /login is also the fallback for unknown paths. */}
          <Route path="*" element={<Navigate to={consolePaths.login} replace />} />
        </Route>
      </Routes>
    </>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { staffTheme as theme } from './staffTheme';
import { PublicOnly, RequireAccess, RequireAuth } from './auth/guards';
import type { PrivateRoute } from './layout/access';
import { PERSONAL_REPORTS } from './pages/personal/reports';

// Every page is its own chunk: the respondent route loads neither admin code nor charts.
const SignInPage = lazy(() => import('./pages/SignInPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const HomePage = lazy(() => import('./pages/HomePage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const UnderConstructionPage = lazy(() => import('./pages/UnderConstructionPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const CompaniesPage = lazy(() => import('./pages/CompaniesPage'));
const RegistrationPage = lazy(() => import('./pages/RegistrationPage'));
const UsersPage = lazy(() => import('./pages/UsersPage'));
const CoursesPage = lazy(() => import('./pages/CoursesPage'));
const CoursePage = lazy(() => import('./pages/CoursePage'));
const CyclesPage = lazy(() => import('./pages/CyclesPage'));
const RiskPage = lazy(() => import('./pages/RiskPage'));
const InventoryPage = lazy(() => import('./pages/InventoryPage'));
const ActionPlanPage = lazy(() => import('./pages/ActionPlanPage'));
const DataManagementPage = lazy(() => import('./pages/DataManagementPage'));
const QueuesPage = lazy(() => import('./pages/QueuesPage'));
const OutboxPage = lazy(() => import('./pages/OutboxPage'));
const AuditPage = lazy(() => import('./pages/AuditPage'));
const StaffFormPage = lazy(() => import('./pages/StaffFormPage'));
const EvaluationsPage = lazy(() => import('./pages/personal/EvaluationsPage'));
const ReportDialogPage = lazy(() => import('./pages/personal/ReportDialogPage'));
const PreviewPage = lazy(() => import('./pages/preview/PreviewPage'));
const PreviewFrame = lazy(() => import('./pages/preview/PreviewFrame'));

/** A private route opened only by the account types of its `ROUTE_ACCESS` entry. */
function privateRoute(path: PrivateRoute, page: ReactNode) {
  return <Route key={path} path={path} element={<RequireAccess route={path}>{page}</RequireAccess>} />;
}

/** Routes of the whole app. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/" element={<SignInPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            {privateRoute('/home', <HomePage />)}
            {privateRoute('/dash/:id', <DashboardPage />)}
            {privateRoute('/profile', <ProfilePage />)}
            {privateRoute('/company', <CompaniesPage />)}
            {privateRoute('/courses', <CoursesPage />)}
            {privateRoute('/course/:id', <CoursePage />)}
            {privateRoute('/ciclos', <CyclesPage />)}
            {privateRoute('/riscos', <RiskPage />)}
            {privateRoute('/inventario', <InventoryPage />)}
            {privateRoute('/plano-de-acao', <ActionPlanPage />)}
            {privateRoute('/users', <UsersPage />)}
            {privateRoute('/users/:id', <UsersPage />)}
            {privateRoute('/gestaodados', <DataManagementPage />)}
            {privateRoute('/queues', <QueuesPage />)}
            {privateRoute('/outbox', <OutboxPage />)}
            {privateRoute('/audit', <AuditPage />)}
            {privateRoute('/preview', <PreviewPage />)}
            {privateRoute('/testing', <UnderConstructionPage />)}
            {/* The 360-by-interview report (administration.md 2): the view whose menu opens at its own route. */}
            {privateRoute('/:hash', <DashboardPage ownRoute />)}
          </Route>
          {/* The staff form (the 360 interview's) is full-screen, outside the layout (administration.md 2). */}
          {privateRoute('/interview360/:evaluation/*', <StaffFormPage />)}
        </Route>
        <Route path="/company/register/:transaction" element={<RegistrationPage />} />
        {/* The preview's form, framed by /preview: it shows only what that page sends it (no session). */}
        <Route path="/preview/frame" element={<PreviewFrame />} />
        {/* A person's own pages, public, by their personal key (respondent.md 2.2). */}
        <Route path="/evaluations/:userKey" element={<EvaluationsPage />} />
        {PERSONAL_REPORTS.map((report) => (
          <Route key={report.path} path={report.path} element={<ReportDialogPage report={report} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

/** The app: theme and routes (toasts mount on the first one: renderer/toast.ts). */
export default function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}

import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { SnackbarProvider } from 'notistack';
import { staffTheme as theme } from './staffTheme';
import { PublicOnly, RequireAuth } from './auth/guards';

// Every page is its own chunk: the respondent route loads neither admin code nor charts.
const SignInPage = lazy(() => import('./pages/SignInPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const HomePage = lazy(() => import('./pages/HomePage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const UnderConstructionPage = lazy(() => import('./pages/UnderConstructionPage'));

/** Private screens that do not exist yet; they show "Em construção" inside the layout. */
const PENDING_PRIVATE_PATHS = ['/profile', '/company', '/courses', '/course/:id', '/queues', '/users', '/users/:id', '/gestaodados', '/:hash'];

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
            <Route path="/home" element={<HomePage />} />
            <Route path="/dash/:id" element={<DashboardPage />} />
            {PENDING_PRIVATE_PATHS.map((path) => (
              <Route key={path} path={path} element={<UnderConstructionPage />} />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

/** Toasts sit at the bottom centre on phones (read once at start-up), top right elsewhere. */
const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 599.95px)').matches;

/** The app: theme, toasts and routes. */
export default function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={5000}
        anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      >
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

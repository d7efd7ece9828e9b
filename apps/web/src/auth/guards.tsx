import { Navigate, Outlet } from 'react-router-dom';
import { isSignedIn } from './session';

/** Private routes: without a session, go to the sign-in page at '/'. */
export function RequireAuth() {
  return isSignedIn() ? <Outlet /> : <Navigate to="/" replace />;
}

/** The sign-in page: a signed-in user goes straight to /home. */
export function PublicOnly() {
  return isSignedIn() ? <Navigate to="/home" replace /> : <Outlet />;
}

import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { messages } from '../../../../engine/messages';
import { canOpen, refusedTarget, type PrivateRoute } from '../layout/access';
import { toast } from '../../../../renderer/toast';
import { TOAST_MS } from '../toast';
import { getUser, isSignedIn } from './session';

/** Private routes: without a session, go to the sign-in page at '/'. */
export function RequireAuth() {
  return isSignedIn() ? <Outlet /> : <Navigate to="/" replace />;
}

/** The sign-in page: a signed-in user goes straight to /home. */
export function PublicOnly() {
  return isSignedIn() ? <Navigate to="/home" replace /> : <Outlet />;
}

/**
 * A private route of some account types only (`ROUTE_ACCESS`, the side menu's rules): any other
 * signed-in user goes to the route's stand-in or to the home page, told why, instead of a screen
 * whose calls the server refuses.
 */
export function RequireAccess({ route, children }: { route: PrivateRoute; children: ReactNode }) {
  const typeAccount = getUser()?.type_account;
  const allowed = canOpen(typeAccount, route);
  const refused = allowed ? null : refusedTarget(typeAccount, route);
  const explain = refused?.explain ?? false;
  useEffect(() => {
    if (explain) toast(messages.layout.noAccess, 'info', { autoHideDuration: TOAST_MS.default, once: true });
  }, [explain]);
  return refused ? <Navigate to={refused.to} replace /> : children;
}

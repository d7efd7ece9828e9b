import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getDashboardCompany, saveDashboardCompany, saveSession } from '../../../apps/web/src/auth/session';

// The company staff chose on a dashboard stays chosen on the next one (this tab), until sign-out.
describe("the dashboards' chosen company", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("is kept for the tab, 'Todas as empresas' too, and forgotten when removed", () => {
    expect(getDashboardCompany()).toBeNull();
    saveDashboardCompany({ value: 5, label: 'Empresa Cinco' });
    expect(getDashboardCompany()).toEqual({ value: 5, label: 'Empresa Cinco' });
    saveDashboardCompany({ value: 'all', label: 'Todas as empresas' });
    expect(getDashboardCompany()).toEqual({ value: 'all', label: 'Todas as empresas' });
    saveDashboardCompany(null);
    expect(getDashboardCompany()).toBeNull();
  });

  it('is forgotten on sign-out, with the session', () => {
    saveSession('token', { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1 });
    saveDashboardCompany({ value: 5, label: 'Empresa Cinco' });
    clearSession();
    expect(getDashboardCompany()).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('avalia.dashboardCompany', '{"value":{},"label":3}');
    expect(getDashboardCompany()).toBeNull();
    sessionStorage.setItem('avalia.dashboardCompany', 'não é JSON');
    expect(getDashboardCompany()).toBeNull();
  });
});

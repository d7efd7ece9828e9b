import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInThrottle, users } from '../../apps/server/src/db/schema.ts';
import { verifyPassword } from '../../apps/server/src/passwords.ts';
import { addUserWithPassword } from './fixtures.ts';
import { bearer, buildTestApp, signIn, testCredentials } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

function call(method: 'PATCH' | 'POST', url: string, token: string | null, payload: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });
}

async function me(token: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, token === adminToken ? testCredentials.admin.email : testCredentials.company.email));
  return row!;
}

describe('POST /api/users/verifypassword', () => {
  it("checks the signed-in user's own password only", async () => {
    const { email, password } = testCredentials.company;
    expect((await call('POST', '/api/users/verifypassword', companyToken, { email: email.toUpperCase(), password })).json()).toEqual({ valid: true });
    expect((await call('POST', '/api/users/verifypassword', companyToken, { email, password: 'errada' })).json()).toEqual({ valid: false });
    const foreign = await call('POST', '/api/users/verifypassword', companyToken, { email: testCredentials.admin.email, password: 'x' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Você só pode verificar a sua própria senha.' });
    expect((await call('POST', '/api/users/verifypassword', null, { email, password })).statusCode).toBe(401);
  });

  it('is rate-limited like sign-in', async () => {
    const limited = await buildTestApp({ rateLimits: { signIn: 3 } });
    try {
      const token = await signIn(limited.app, 'company');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/users/verifypassword',
          payload: { email: testCredentials.company.email, password: 'chute' },
          headers: bearer(token),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Those three wrong passwords count for the account too (signInThrottle.test.ts): cleared, as this
      // test is about the per-address limit.
      await limited.db.delete(signInThrottle);
      // Profile saves count only when they test the current password.
      const [row] = await limited.db.select().from(users).where(eq(users.email, testCredentials.company.email));
      const save = (extra: Record<string, string>) =>
        limited.app.inject({
          method: 'PATCH',
          url: '/api/users/updateprofile',
          payload: { id: row!.id, name: row!.name, email: row!.email, phone: '', ...extra },
          headers: bearer(token),
        });
      const guesses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        guesses.push((await save({ password: `chute-${attempt}`, new_password: 'Nova-senha-1', confirm_password: 'Nova-senha-1' })).statusCode);
      }
      expect(guesses).toEqual([400, 400, 400, 429]);
      expect((await save({})).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('PATCH /api/users/updateprofile', () => {
  it('updates name, e-mail and phone and answers the updated user', async () => {
    const user = await me(companyToken);
    const response = await call('PATCH', '/api/users/updateprofile', companyToken, { id: user.id, name: 'Gestão Renomeada', email: user.email, phone: '(21) 3333-4444' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Perfil atualizado com sucesso!',
      user: { id: user.id, name: 'Gestão Renomeada', email: user.email, phone: '2133334444', type_account: 2, company_id: demo.companyId, status: true },
    });
  });

  it('lets an administrator leave the phone empty (the field is hidden for type 1)', async () => {
    const user = await me(adminToken);
    const response = await call('PATCH', '/api/users/updateprofile', adminToken, { id: user.id, name: user.name, email: user.email, phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.phone).toBeNull();
  });

  it("refuses another user's profile, taken e-mails and wrong passwords, changing nothing", async () => {
    const user = await me(companyToken);
    const base = { id: user.id, name: 'Outro Nome', email: user.email, phone: '' };
    const cases: [unknown, number, string][] = [
      [{ ...base, id: demo.employees[0]!.id }, 403, 'Você só pode alterar o seu próprio perfil.'],
      [{ ...base, email: 'ANA.SOUZA@demonstracao.com.br' }, 409, 'O e-mail já existe em outro usuário!'],
      [{ ...base, name: '' }, 400, 'Nome é obrigatório'],
      [{ ...base, password: testCredentials.company.password }, 400, 'Para trocar a senha, preencha a senha atual, a nova senha e a confirmação.'],
      [{ ...base, password: 'errada-123', new_password: 'Nova-senha-1', confirm_password: 'Nova-senha-1' }, 400, 'A senha atual digitada está errada!'],
      [
        { ...base, password: testCredentials.company.password, new_password: 'Nova-senha-1', confirm_password: 'Nova-senha-2' },
        400,
        'A nova senha está diferente da confirmação!',
      ],
      [{ ...base, password: testCredentials.company.password, new_password: 'curta', confirm_password: 'curta' }, 400, 'A senha deve ter pelo menos 8 caracteres.'],
      [{ ...base, type_account: 1 }, 400, 'Requisição inválida: o campo type_account tem um valor inválido'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('PATCH', '/api/users/updateprofile', companyToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await me(companyToken)).toEqual(user);
    expect((await call('PATCH', '/api/users/updateprofile', null, base)).statusCode).toBe(401);
  });

  it('changes the password when all three fields are right', async () => {
    const account = await addUserWithPassword(t.db, { email: 'perfil@demonstracao.com.br', password: 'Senha-antiga-1', typeAccount: 2, companyId: demo.companyId });
    const login = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: account.email, password: 'Senha-antiga-1' } });
    const token = login.json().token as string;
    const response = await call('PATCH', '/api/users/updateprofile', token, {
      id: account.id,
      name: account.name,
      email: 'Perfil.Novo@demonstracao.com.br',
      phone: '11987654321',
      password: 'Senha-antiga-1',
      new_password: 'Senha-nova-22',
      confirm_password: 'Senha-nova-22',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('perfil.novo@demonstracao.com.br');
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(await verifyPassword(row!.passwordHash!, 'Senha-nova-22')).toBe(true);
    expect(JSON.stringify(response.json())).not.toContain(row!.passwordHash!);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages';
import { companyProblem, matchesSearch } from '../../../apps/web/src/pages/registry/companyForm';
import { profileProblem, type ProfileValues } from '../../../apps/web/src/pages/registry/profileForm';
import { choices, normalizeInput, problemsOf, rowLabel, saveBody, tabsWithErrors, type NewRows } from '../../../apps/web/src/pages/registry/registrationRows';

const profile: ProfileValues = { name: 'Ana', email: 'ana@empresa.com', phone: '', password: '', newPassword: '', confirmPassword: '' };

describe('profile form', () => {
  it('accepts no password fields at all', () => {
    expect(profileProblem(profile, true)).toBeNull();
  });

  it('asks for all three password fields when one is typed', () => {
    expect(profileProblem({ ...profile, newPassword: 'Nova-senha-1' }, true)).toEqual({ field: 'password', message: messages.registry.passwordFieldsRequired });
    expect(profileProblem({ ...profile, password: 'x', newPassword: 'Nova-senha-1' }, true)?.field).toBe('confirmPassword');
  });

  it('refuses a confirmation that differs, with the spec text', () => {
    const problem = profileProblem({ ...profile, password: 'atual', newPassword: 'Nova-senha-1', confirmPassword: 'Nova-senha-2' }, true);
    expect(problem?.message).toBe('A nova senha está diferente da confirmação!');
  });

  it('checks name, e-mail and a shown phone', () => {
    expect(profileProblem({ ...profile, name: ' ' }, true)?.field).toBe('name');
    expect(profileProblem({ ...profile, email: 'ana' }, true)?.message).toBe(messages.registry.emailInvalid);
    expect(profileProblem({ ...profile, phone: '1234' }, true)?.field).toBe('phone');
    expect(profileProblem({ ...profile, phone: '1234' }, false)).toBeNull();
  });

  it('checks the e-mail and phone by the server’s rules (engine/rules)', () => {
    const local = (length: number) => 'a'.repeat(length - '@empresa.br'.length);
    expect(profileProblem({ ...profile, email: `${local(254)}@empresa.br` }, true)).toBeNull();
    expect(profileProblem({ ...profile, email: `${local(255)}@empresa.br` }, true)?.message).toBe(messages.registry.emailInvalid);
    expect(profileProblem({ ...profile, email: ' ANA@Empresa.com ' }, true)).toBeNull();
    expect(profileProblem({ ...profile, email: '\u200b' }, true)?.message).toBe(messages.registry.emailRequired);
    expect(profileProblem({ ...profile, phone: '(11) 98765-4321' }, true)).toBeNull();
    expect(profileProblem({ ...profile, phone: '11 98765-4321 ramal' }, true)?.message).toBe(messages.registry.phoneInvalid);
  });
});

describe('company form', () => {
  const form = { commercial_name: 'Padaria', company_name: 'Padaria Ltda.', cnpj: '11.222.333/0001-81', phone: '' };

  it('gives the spec messages in field order', () => {
    expect(companyProblem({ ...form, commercial_name: '' })?.message).toBe('Nome Fantasia é obrigatório');
    expect(companyProblem({ ...form, company_name: '' })?.message).toBe('Razão Social é obrigatório');
    expect(companyProblem({ ...form, cnpj: ' ' })?.message).toBe('CNPJ/CPF é obrigatório');
    expect(companyProblem({ ...form, cnpj: '123456789012345' })?.message).toBe('CNPJ/CPF deve ter no máximo 14 dígitos');
    expect(companyProblem({ ...form, cnpj: '123.456.789-0' })?.message).toBe('CPF/CNPJ deve ter no mínimo 12 dígitos');
  });

  it('accepts an 11-digit CPF and a punctuated CNPJ', () => {
    expect(companyProblem(form)).toBeNull();
    expect(companyProblem({ ...form, cnpj: '123.456.789-09' })).toBeNull();
  });

  it('checks the characters and check digits as the server does (engine/rules/documents)', () => {
    expect(companyProblem({ ...form, cnpj: '11.222.333/0001-80' })?.message).toBe(messages.registry.documentInvalid);
    expect(companyProblem({ ...form, cnpj: '123.456.789-08' })?.message).toBe(messages.registry.documentInvalid);
    expect(companyProblem({ ...form, cnpj: '11.222.333/0001-8X' })?.message).toBe(messages.registry.documentCharacters);
  });

  it('searches names ignoring case and accents', () => {
    const company = { commercial_name: 'Empresa Demonstração', company_name: 'Demo Ltda.' };
    expect(matchesSearch(company, 'DEMONSTRACAO')).toBe(true);
    expect(matchesSearch(company, 'ltda')).toBe(true);
    expect(matchesSearch(company, 'padaria')).toBe(false);
    expect(matchesSearch(company, '  ')).toBe(true);
  });
});

describe('registration rows', () => {
  const data = {
    company: { commercial_name: 'Padaria' },
    sectors: [{ id: 1, sector_name: 'Produção' }],
    positions: [{ id: 1, position_name: 'Padeiro' }],
    workers: [],
  };
  const rows: NewRows = {
    sectors: [{ key: 1, name: '  Entregas  ' }, { key: 2, name: 'produção' }, { key: 3, name: '' }],
    positions: [],
    workers: [
      { key: 4, name: ' Marcos ', email: ' M@X.com ', phone: '(11) 91234-5678', sector: 'Entregas', position: '' },
      { key: 5, name: 'Rita', email: 'r@x.com', phone: '11912345678', sector: 'Sumiu', position: 'Padeiro' },
    ],
  };

  it('normalises typed text', () => {
    expect(normalizeInput('  a \u00a0 b\u200b  ')).toBe('a b');
  });

  it('offers the saved names and those typed on the page, once each', () => {
    expect(choices(['Produção'], rows.sectors)).toEqual(['Produção', 'Entregas']);
  });

  it('sends only new rows, flagged, with stale choices as none', () => {
    const body = saveBody('tok', data, rows);
    expect(body.transaction).toBe('tok');
    expect(body.sectors).toEqual([
      { sector_name: 'Entregas', new: true },
      { sector_name: 'produção', new: true },
      { sector_name: '', new: true },
    ]);
    expect(body.users).toEqual([
      { name: 'Marcos', email: 'M@X.com', phone: '(11) 91234-5678', sector: 'Entregas', position: null, new: true },
      { name: 'Rita', email: 'r@x.com', phone: '11912345678', sector: null, position: 'Padeiro', new: true },
    ]);
  });

  it('finds the server problems of each row and the tabs holding them', () => {
    const errors = ['Setor 3: O campo não pode estar vazio', 'Colaborador 2: o e-mail é obrigatório; o telefone é obrigatório'];
    expect(rowLabel('workers', 1)).toBe('Colaborador 2');
    expect(problemsOf(errors, 'Colaborador 2')).toEqual(['o e-mail é obrigatório; o telefone é obrigatório']);
    expect(problemsOf(errors, 'Colaborador 1')).toEqual([]);
    expect(tabsWithErrors(errors, rows)).toEqual(['sectors', 'workers']);
  });
});

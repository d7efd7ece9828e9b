/**
 * The companies and people of the journey files (`journey-setup` registers them through the screens;
 * `journey-round` starts from them, made through the API) and a CNPJ maker for any company a browser
 * test registers.
 */

/** A valid CNPJ built from 12 digits by computing its two check digits. */
export function cnpjWithCheckDigits(base: string): string {
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((total, char, index) => total + Number(char) * weights[index]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}

/** A company as its dialog asks for it, with the sectors and positions given to it. */
export interface CastCompany {
  name: string;
  legal: string;
  cnpj: string;
  phone: string;
  sectors: string[];
  positions: string[];
}

export const HORIZONTE: CastCompany = {
  name: 'Construtora Horizonte',
  legal: 'Horizonte Engenharia e Construções Ltda.',
  cnpj: cnpjWithCheckDigits('457210980001'),
  phone: '11987654321',
  sectors: ['Obras', 'Administrativo'],
  positions: ['Engenheiro', 'Pedreiro', 'Analista'],
};

export const BEM_ESTAR: CastCompany = {
  name: 'Clínica Bem Estar',
  legal: 'Bem Estar Serviços de Saúde Ltda.',
  cnpj: cnpjWithCheckDigits('193847560001'),
  phone: '2133332222',
  sectors: ['Recepção'],
  positions: ['Recepcionista'],
};

/** Horizonte's employees as typed into the template: Nome, Email, Telefone, Setor, Cargo. */
export const EMPLOYEES = [
  ['Ana Paula Souza', 'ana.souza@horizonte.com.br', '(11) 95555-1111', 'Obras', 'Engenheiro'],
  ['Bruno Henrique Lima', 'bruno.lima@horizonte.com.br', '(11) 95555-2222', 'Obras', 'Pedreiro'],
  ['Carla Mendes Ribeiro', 'carla.ribeiro@horizonte.com.br', '(11) 95555-3333', 'Administrativo', 'Analista'],
  ['Diego Alves Santos', 'diego.santos@horizonte.com.br', '(11) 95555-4444', 'Administrativo', 'Analista'],
] as const;

/** Horizonte's company user. */
export const MANAGER = { name: 'Gestora Horizonte', email: 'gestora@horizonte.com.br', password: 'Gestora-2024!' };

/** Bem Estar's one employee. */
export const OTHER_EMPLOYEE = { name: 'Rita de Cássia Moura', email: 'rita.moura@bemestar.com.br', phone: '(21) 98888-7777' };

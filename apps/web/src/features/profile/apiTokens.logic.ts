import { API_TOKEN_MAX_DAYS, type ApiTokenScope, MODULES, type ModuleName } from '@wkflow/contracts';
import * as yup from 'yup';

/** What one module grants a new token: nothing, reading, or reading and writing. */
export type ScopeChoice = 'none' | 'read' | 'write';

/** The validity periods offered (days), the longest being the API's limit. */
export const TOKEN_LIFETIMES = [
  { days: 30, label: '30 dias' },
  { days: 90, label: '90 dias' },
  { days: 180, label: '180 dias' },
  { days: API_TOKEN_MAX_DAYS, label: '1 ano' },
] as const;

export interface NewTokenValues {
  name: string;
  days: number;
  choices: Partial<Record<ModuleName, ScopeChoice>>;
}

export const newTokenInitialValues: NewTokenValues = { name: '', days: 90, choices: {} };

/** The scopes of the choices, in the modules' order. */
export function scopesOf(choices: NewTokenValues['choices']): ApiTokenScope[] {
  return MODULES.flatMap((module) => {
    const choice = choices[module];
    return choice === 'read' || choice === 'write' ? [`${module}:${choice}` as const] : [];
  });
}

/** The expiry `days` from `now`, as the API takes it. */
export function expiryIn(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 24 * 3600_000).toISOString();
}

export const newTokenSchema = yup.object({
  name: yup.string().trim().required('Dê um nome ao token').max(80, 'No máximo 80 caracteres'),
  days: yup
    .number()
    .oneOf(TOKEN_LIFETIMES.map((l) => l.days))
    .required(),
  choices: yup
    .object()
    .test('some-scope', 'Escolha ao menos um escopo', (choices) => scopesOf((choices ?? {}) as NewTokenValues['choices']).length > 0),
});

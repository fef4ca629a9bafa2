import { DateTime } from 'luxon';
import type { AiTaskSuggestion } from './ai';
import { capitalize, foldText, matchClient, matchPerson, nameTokens, type AiClientRef, type AiUserRef, type NameMatch } from './ai-text';

/**
 * The offline pt-BR task parser (DESIGN §5): deterministic, pure, accent-insensitive. It finds a
 * deadline (relative and absolute dates, times), assignees (names, usernames, @mentions), a client
 * (by name) and a title (the first clause without those phrases). Names are only ever matched
 * against the given users and clients: what does not match becomes a warning, never an id.
 */

export interface ParseTaskOptions {
  now: DateTime | Date;
  /** IANA zone the dates in the text are read in (APP_TIMEZONE). */
  timezone: string;
  users: readonly AiUserRef[];
  clients: readonly AiClientRef[];
}

/** Deadline time when only a date is given. */
export const AI_DEFAULT_DEADLINE_HOUR = 18;
/** Longest generated title. */
export const AI_TITLE_MAX = 80;

export const AI_MESSAGES = {
  noClient: 'Nenhum cliente identificado',
  noDeadline: 'Nenhum prazo identificado',
  pastDate: 'A data informada já passou',
  personNotFound: (name: string) => `Pessoa não encontrada: ${name}`,
  ambiguousPerson: (name: string, candidates: string[]) => `Mais de uma pessoa corresponde a "${name}": ${candidates.join(', ')}`,
  clientNotFound: (name: string) => `Cliente não encontrado: ${name}`,
  ambiguousClient: (name: string, candidates: string[]) => `Mais de um cliente corresponde a "${name}": ${candidates.join(', ')}`,
  severalClients: (used: string) => `Mais de um cliente mencionado; usando ${used}`,
  invalidDate: (text: string) => `Data inválida: ${text}`,
  suggestDeadline: 'Defina um prazo para a tarefa',
  suggestClient: 'Selecione o cliente da tarefa',
  suggestAssignee: 'Atribua um responsável à tarefa',
  suggestDefaultTime: 'Nenhum horário informado: prazo definido para as 18:00',
  suggestDetails: 'Adicione mais detalhes à descrição',
  suggestTitle: 'Descreva a tarefa com mais detalhes para gerar um título',
} as const;

/** Weights of what was found (they add up to 1); each problem warning takes PENALTY off. */
export const AI_CONFIDENCE_WEIGHTS = { title: 0.3, client: 0.25, deadline: 0.25, assignee: 0.2 } as const;
const PENALTY = 0.1;

export function computeConfidence(found: { title: boolean; client: boolean; deadline: boolean; assignee: boolean }, problems = 0): number {
  const w = AI_CONFIDENCE_WEIGHTS;
  const score =
    (found.title ? w.title : 0) +
    (found.client ? w.client : 0) +
    (found.deadline ? w.deadline : 0) +
    (found.assignee ? w.assignee : 0) -
    problems * PENALTY;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/** The description: the text trimmed, runs of spaces collapsed, at most one blank line in a row. */
export function cleanTaskText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Scanning helpers

interface Span {
  start: number;
  end: number;
}

interface Token extends Span {
  f: string;
  cap: boolean;
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'marco',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const WEEKDAYS: Record<string, number> = { segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6, domingo: 7 };
const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  quinze: 15,
  vinte: 20,
  trinta: 30,
};

/** A date phrase may start with a preposition ('até', 'para', 'no') or 'prazo': part of the phrase, stripped from the title. */
const PRE = String.raw`(?<pre>(?:com\s+)?(?:o\s+)?prazo\s*:?\s*(?:(?:para|ate|de|em)\s+)?|(?:ate|para|pra|pro|em|no|na|nesta|neste|nessa|nesse)\s+(?:(?:o|a)\s+)?)?`;
const re = (source: string) => new RegExp(source, 'g');

const R_DAY_MONTH = re(
  String.raw`\b${PRE}(?:(?:o\s+)?dia\s+)?(?<d>\d{1,2})(?:o|º)?\s+de\s+(?<m>${MONTHS.join('|')})(?:\s+de\s+(?<y>\d{4}))?\b`,
);
const R_SLASH = re(String.raw`\b${PRE}(?:(?:o\s+)?dia\s+)?(?<d>\d{1,2})\/(?<m>\d{1,2})(?:\/(?<y>\d{4}|\d{2}))?(?![\d/])`);
const R_IN = re(
  String.raw`\b(?<pre>daqui\s+a|em|dentro\s+de|ate)\s+(?<n>\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\s+(?<u>dias?|semanas?|mes|meses|horas?|minutos?)\b`,
);
const R_REL = re(String.raw`\b${PRE}(?<rel>depois\s+de\s+amanha|amanha|hoje)\b`);
const R_WEEKDAY = re(
  String.raw`\b${PRE}(?<next>(?:proxim[oa]|nest[ea]|ness[ea]|est[ea])\s+)?(?<w>segunda|terca|quarta|quinta|sexta|sabado|domingo)(?<feira>[\s-]*feira)?(?<after>\s+(?:que\s+vem|da\s+semana\s+que\s+vem|da\s+proxima\s+semana))?\b`,
);
const R_NEXT_WEEK = re(String.raw`\b${PRE}(?:(?:a\s+)?proxima\s+semana|semana\s+que\s+vem)\b`);
const R_END_MONTH = re(String.raw`\b${PRE}(?:o\s+)?(?:fim|final)\s+do\s+mes\b`);
const R_END_WEEK = re(String.raw`\b${PRE}(?:o\s+)?(?:fim|final)\s+da\s+semana\b`);
const R_DAY = re(String.raw`\b${PRE}(?:o\s+)?dia\s+(?<d>\d{1,2})\b`);

const TIME_PRE = String.raw`(?<pre>(?:ate|a\s+partir|pelas|por\s+volta)\s+(?:d?as\s+)?|as\s+)?`;
const TIME_TAIL = String.raw`(?<half>\s+e\s+meia)?(?<per>\s+(?:da|de)\s+(?:manha|tarde|noite))?`;
const R_TIME_COLON = re(String.raw`\b${TIME_PRE}(?<h>\d{1,2}):(?<min>\d{2})(?:\s*(?:h|hs|hrs|horas?)\b)?${TIME_TAIL}`);
const R_TIME_H = re(String.raw`\b${TIME_PRE}(?<h>\d{1,2})(?<sp>\s*)(?<hh>h|hs|hrs|horas?)(?<min>\d{2})?(?:\s*min(?:utos)?)?\b${TIME_TAIL}`);
const R_NOON = re(String.raw`\b(?:(?:ao|ate\s+o|as|a|de|do)\s+)?meio[\s-]dia(?<half>\s+e\s+meia)?\b`);
const R_TIME_BARE = re(
  String.raw`\b(?<pre>(?:ate\s+)?as|pelas|a\s+partir\s+das)\s+(?<h>\d{1,2})${TIME_TAIL}(?=\s*(?:$|[,.;!?)\n])|\s+(?:para|pra|pro|com|no|na|ate|e|em)\b)`,
);
const R_PERIOD = re(String.raw`\b(?:de|pela|na|a|durante\s+a)\s+(?<p>manha|tarde|noite)\b`);
const R_END_OF_DAY = re(String.raw`\b(?:(?:ate|no|ao)\s+)?(?:o\s+)?(?:fim|final)\s+(?:do\s+dia|da\s+tarde|do\s+expediente)\b`);
const PERIOD_HOURS: Record<string, number> = { manha: 9, tarde: 14, noite: 19 };

/** Words never taken for an unknown person's or client's name. */
const NOT_NAMES = new Set([
  'instagram',
  'facebook',
  'linkedin',
  'tiktok',
  'youtube',
  'twitter',
  'whatsapp',
  'google',
  'meta',
  'ads',
  'figma',
  'canva',
  'site',
  'blog',
  'email',
  'newsletter',
  'reels',
  'stories',
  'story',
  'natal',
  'pascoa',
  'black',
  'friday',
  'brasil',
  'seo',
  'ia',
  'pdf',
  'crm',
  'app',
  ...MONTHS,
  ...Object.keys(WEEKDAYS),
]);
/** Articles and prepositions around names and dates. */
const LINKS = new Set([
  'o',
  'a',
  'os',
  'as',
  'ao',
  'aos',
  'do',
  'da',
  'dos',
  'das',
  'de',
  'no',
  'na',
  'para',
  'pra',
  'pro',
  'com',
  'e',
  'junto',
  'cliente',
]);
const STRONG_TRIGGERS = new Set([
  'para',
  'pra',
  'pro',
  'responsavel',
  'responsaveis',
  'atribuir',
  'atribua',
  'atribuido',
  'atribuida',
  'designar',
  'designe',
  'designado',
  'designada',
  'delegar',
  'delegue',
  'delegado',
  'delegada',
  'encarregar',
  'encarregado',
  'encarregada',
]);
const WEAK_TRIGGERS = new Set(['com']);
const AFTER_TRIGGER = new Set(['a', 'o', 'as', 'os', 'ao', 'aos', 'para', 'pra', 'pro', 'por', 'pelo', 'pela']);
const ARTICLES = new Set(['o', 'a', 'os', 'as']);
const TRAILING = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'para',
  'pra',
  'pro',
  'com',
  'a',
  'o',
  'as',
  'os',
  'e',
  'ate',
  'em',
  'no',
  'na',
  'ao',
  'que',
  'por',
  'pelo',
  'pela',
  'junto',
  'cliente',
  'sobre',
  'sem',
  'entre',
]);
const FILLER = new RegExp(
  String.raw`^(?:(?:por\s+favor|pf|pfv)\s*,?\s*)?(?:(?:eu\s+)?(?:preciso|precisamos|precisa|temos|tenho|tem|vamos|vai|deve|pode|podemos)\s+(?:que\s+|de\s+)?)?(?:(?:criar|crie|cria|abrir|abra|adicionar|adicione)\s+(?:uma\s+)?(?:nova\s+)?tarefa\s*(?:para|de|pra)?\s*:?\s*|(?:nova\s+)?tarefa\s*:\s*|(?:lembrar|lembre|lembra)\s+(?:de\s+)?)?`,
);

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

interface DateHit extends Span {
  /** Midnight of the day, or an exact instant ('daqui a 2 horas'). */
  date: DateTime;
  exact: boolean;
  preferred: boolean;
  /** A year was written: a past date is the author's, not rolled forward. */
  explicitYear: boolean;
}

interface TimeHit extends Span {
  hour: number;
  minute: number;
  /** 'de manhã' / 'à tarde' / 'à noite': used only without an explicit time. */
  vague: boolean;
}

type PersonHit = { user: AiUserRef } | { unknown: string } | { ambiguous: string; candidates: AiUserRef[] };

class Scanner {
  readonly f: string;
  readonly tokens: Token[];
  /** Spans owned by a recognised phrase; `strip` ones are removed from the title. */
  readonly claims: Array<Span & { strip: boolean }> = [];

  constructor(readonly text: string) {
    this.f = foldText(text);
    this.tokens = [...this.f.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      f: m[0],
      cap: /\p{Lu}/u.test(text[m.index]),
    }));
  }

  free(span: Span): boolean {
    return !this.claims.some((c) => overlaps(c, span));
  }

  claim(span: Span, strip = true): void {
    this.claims.push({ start: span.start, end: span.end, strip });
  }

  /** Unclaimed matches of a regex, claimed as they are accepted. */
  *matches(regex: RegExp, accept: (m: RegExpMatchArray & { index: number }) => boolean = () => true) {
    regex.lastIndex = 0;
    for (const m of this.f.matchAll(regex)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (m[0].trim() === '' || !this.free(span) || !accept(m as RegExpMatchArray & { index: number })) continue;
      this.claim(span);
      yield m as RegExpMatchArray & { index: number; groups: Record<string, string | undefined> };
    }
  }

  /** Tokens i..i+k-1 as one phrase when only spaces (or '&', '-', '.') separate them. */
  phrase(i: number, k: number): Span | null {
    if (i + k > this.tokens.length) return null;
    for (let j = i + 1; j < i + k; j++) {
      const gap = this.text.slice(this.tokens[j - 1].end, this.tokens[j].start);
      if (!/^[\s&.\-']*$/.test(gap) || /\.\s/.test(gap) || gap.includes('\n')) return null;
    }
    const span = { start: this.tokens[i].start, end: this.tokens[i + k - 1].end };
    return this.free(span) ? span : null;
  }

  /** Start of the link words (articles, prepositions) right before token i that are still free. */
  linkedStart(i: number, links = LINKS): number {
    let start = this.tokens[i].start;
    for (let j = i - 1; j >= 0; j--) {
      const t = this.tokens[j];
      const gap = this.text.slice(t.end, this.tokens[j + 1].start);
      if (!links.has(t.f) || !/^\s*$/.test(gap) || !this.free(t)) break;
      start = t.start;
    }
    return start;
  }

  /** Like linkedStart, for a phrase starting at `position` that is not a token ('@joao'). */
  linkedBefore(position: number, links = LINKS): number {
    const i = this.tokens.findIndex((t) => t.start >= position);
    const before = (i === -1 ? this.tokens.length : i) - 1;
    if (before < 0) return position;
    const t = this.tokens[before];
    if (!/^\s+$/.test(this.text.slice(t.end, position)) || !links.has(t.f) || !this.free(t)) return position;
    return this.linkedStart(before, links);
  }
}

// ---------------------------------------------------------------------------------------------
// Dates and times

function findDates(s: Scanner, now: DateTime, warnings: string[]): DateHit[] {
  const today = now.startOf('day');
  const hits: DateHit[] = [];
  const preferredPre = (pre?: string) => !!pre && /\b(ate|prazo)\b/.test(pre);
  const push = (
    m: { index: number; 0: string; groups?: Record<string, string | undefined> },
    date: DateTime,
    extra: Partial<DateHit> = {},
  ) => {
    hits.push({
      start: m.index,
      end: m.index + m[0].length,
      date,
      exact: false,
      preferred: preferredPre(m.groups?.pre),
      explicitYear: false,
      ...extra,
    });
  };
  /** Day and month without a year: the next occurrence from today. */
  const nextOccurrence = (day: number, month: number): DateTime | null => {
    for (let year = today.year; year <= today.year + 1; year++) {
      const date = DateTime.fromObject({ year, month, day }, { zone: now.zone });
      if (date.isValid && date >= today) return date;
    }
    return null;
  };
  const absolute = (m: RegExpMatchArray & { index: number }, day: number, month: number, yearText?: string) => {
    if (yearText) {
      const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
      const date = DateTime.fromObject({ year, month, day }, { zone: now.zone });
      if (date.isValid) push(m, date, { explicitYear: true });
      else warnings.push(AI_MESSAGES.invalidDate(s.text.slice(m.index, m.index + m[0].length).replace(/^\D+/, '')));
      return;
    }
    const date = nextOccurrence(day, month);
    if (date) push(m, date);
    else warnings.push(AI_MESSAGES.invalidDate(s.text.slice(m.index, m.index + m[0].length).replace(/^\D+/, '')));
  };

  for (const m of s.matches(R_DAY_MONTH)) absolute(m, Number(m.groups.d), MONTHS.indexOf(m.groups.m!) + 1, m.groups.y);
  for (const m of s.matches(R_SLASH)) absolute(m, Number(m.groups.d), Number(m.groups.m), m.groups.y);
  for (const m of s.matches(R_IN)) {
    const n = NUMBER_WORDS[m.groups.n!] ?? Number(m.groups.n);
    const unit = m.groups.u!;
    const preferred = m.groups.pre === 'ate';
    if (unit.startsWith('hora') || unit.startsWith('minuto')) {
      const at = now.plus(unit.startsWith('hora') ? { hours: n } : { minutes: n }).startOf('minute');
      hits.push({ start: m.index, end: m.index + m[0].length, date: at, exact: true, preferred, explicitYear: false });
    } else {
      const date = today.plus(unit.startsWith('dia') ? { days: n } : unit.startsWith('semana') ? { weeks: n } : { months: n });
      hits.push({ start: m.index, end: m.index + m[0].length, date, exact: false, preferred, explicitYear: false });
    }
  }
  for (const m of s.matches(R_REL)) {
    const rel = m.groups.rel!.replace(/\s+/g, ' ');
    push(m, today.plus({ days: rel === 'hoje' ? 0 : rel === 'amanha' ? 1 : 2 }));
  }
  const nextMonday = today.plus({ days: 8 - today.weekday });
  for (const m of s.matches(R_WEEKDAY, (m) => {
    const g = m.groups ?? {};
    if (g.feira || g.pre || g.next || g.after || g.w === 'sabado' || g.w === 'domingo') return true;
    // 'segunda', 'quinta'... are also ordinals ('a segunda versão'): a bare weekday must end the phrase.
    const rest = s.f.slice(m.index + m[0].length);
    return /^\s*(?:$|[,.;!?)\n]|as\b|a\s+(?:tarde|noite)\b|de\s+(?:manha|tarde|noite)\b|pela\b|ao\s+meio|meio|\d)/.test(rest);
  })) {
    const target = WEEKDAYS[m.groups.w!];
    let date: DateTime;
    if (m.groups.after && /semana/.test(m.groups.after)) {
      date = nextMonday.plus({ days: target - 1 });
    } else {
      const diff = (target - today.weekday + 7) % 7;
      date = today.plus({ days: diff === 0 ? 7 : diff });
    }
    push(m, date);
  }
  for (const m of s.matches(R_NEXT_WEEK)) push(m, nextMonday);
  for (const m of s.matches(R_END_MONTH)) push(m, today.endOf('month').startOf('day'));
  for (const m of s.matches(R_END_WEEK)) {
    const diff = 5 - today.weekday;
    push(m, today.plus({ days: diff >= 0 ? diff : diff + 7 }));
  }
  for (const m of s.matches(R_DAY)) {
    const day = Number(m.groups.d);
    let date: DateTime | null = null;
    for (let i = 0; i < 12 && !date; i++) {
      const month = today.plus({ months: i }).startOf('month');
      const candidate = month.set({ day });
      if (day >= 1 && day <= month.daysInMonth! && candidate >= today) date = candidate;
    }
    if (date) push(m, date);
    else warnings.push(AI_MESSAGES.invalidDate(`dia ${m.groups.d}`));
  }
  return hits.sort((a, b) => a.start - b.start);
}

function findTimes(s: Scanner): TimeHit[] {
  const hits: TimeHit[] = [];
  const push = (m: RegExpMatchArray & { index: number }, hour: number, minute: number, vague = false) => {
    const g = m.groups ?? {};
    if (g.half) minute = 30;
    if (g.per && /tarde|noite/.test(g.per) && hour < 12) hour += 12;
    if (hour > 23 || minute > 59) return;
    hits.push({ start: m.index, end: m.index + m[0].length, hour, minute, vague });
  };
  const valid = (m: RegExpMatchArray) => Number(m.groups?.h ?? 0) <= 23 && Number(m.groups?.min ?? 0) <= 59;
  for (const m of s.matches(R_TIME_COLON, valid)) push(m, Number(m.groups.h), Number(m.groups.min));
  for (const m of s.matches(R_TIME_H, (m) => {
    const g = m.groups ?? {};
    if (!valid(m)) return false;
    if (g.pre) return true;
    // Without 'às', only the compact '14h' / '14h30' is a time; '2 horas' and '2h de reunião' are durations.
    return !g.sp && /^h/.test(g.hh ?? '') && g.hh!.length <= 3 && !/^\s+(?:de|por)\b/.test(s.f.slice(m.index + m[0].length));
  })) {
    push(m, Number(m.groups.h), Number(m.groups.min ?? 0));
  }
  for (const m of s.matches(R_NOON)) push(m, 12, 0);
  for (const m of s.matches(R_TIME_BARE, valid)) push(m, Number(m.groups.h), 0);
  for (const m of s.matches(R_END_OF_DAY)) push(m, AI_DEFAULT_DEADLINE_HOUR, 0);
  for (const m of s.matches(R_PERIOD)) push(m, PERIOD_HOURS[m.groups.p!], 0, true);
  return hits.sort((a, b) => a.start - b.start);
}

function resolveDeadline(
  dates: DateHit[],
  times: TimeHit[],
  now: DateTime,
): { deadline: DateTime | null; defaultTime: boolean; past: boolean } {
  const date = dates.find((d) => d.preferred) ?? dates[0];
  const exactTimes = times.filter((t) => !t.vague);
  const pool = exactTimes.length ? exactTimes : times;
  // The time written right after the chosen date wins ('sexta às 10h ... segunda às 15h').
  const time = date ? (pool.find((t) => t.start >= date.end && t.start - date.end <= 12) ?? pool[0]) : pool[0];
  if (date?.exact) return { deadline: date.date, defaultTime: false, past: false };
  if (date) {
    const at = date.date.set({ hour: time?.hour ?? AI_DEFAULT_DEADLINE_HOUR, minute: time?.minute ?? 0, second: 0, millisecond: 0 });
    return { deadline: at, defaultTime: !time, past: at < now };
  }
  if (time) {
    // A time without a date: today, or tomorrow when that time has passed.
    let at = now.startOf('day').set({ hour: time.hour, minute: time.minute });
    if (at < now) at = at.plus({ days: 1 });
    return { deadline: at, defaultTime: false, past: false };
  }
  return { deadline: null, defaultTime: false, past: false };
}

// ---------------------------------------------------------------------------------------------
// Clients and people

function findClients(s: Scanner, clients: readonly AiClientRef[], warnings: string[]): AiClientRef[] {
  const found: AiClientRef[] = [];
  const add = (client: AiClientRef) => {
    if (!found.some((c) => c.id === client.id)) found.push(client);
  };
  const tryAt = (i: number, requireCap: boolean): { k: number; match: NameMatch<AiClientRef> } | null => {
    for (let k = Math.min(6, s.tokens.length - i); k >= 1; k--) {
      const span = s.phrase(i, k);
      if (!span) continue;
      const words = nameTokens(s.text.slice(span.start, span.end));
      const exact = clients.filter((c) => nameTokens(c.name).join(' ') === words.join(' '));
      // A multi-word exact name counts in any case; a single word when capitalised or introduced ('da acme').
      const introduced = i > 0 && LINKS.has(s.tokens[i - 1].f) && words[0].length >= 3;
      if (exact.length && (words.length > 1 || !requireCap || s.tokens[i].cap || introduced))
        return { k, match: { kind: 'found', item: exact[0] } };
      if (requireCap && !s.tokens[i].cap) continue;
      if (words[0].length < 3 || LINKS.has(words[0])) continue;
      const match = matchClient(
        s.text.slice(span.start, span.end),
        clients.filter((c) => nameTokens(c.name).length > words.length),
      );
      if (match.kind !== 'none') return { k, match };
    }
    return null;
  };
  const take = (i: number, k: number, match: NameMatch<AiClientRef>, start: number) => {
    const end = s.tokens[i + k - 1].end;
    s.claim({ start, end });
    if (match.kind === 'found') add(match.item);
    else if (match.kind === 'ambiguous')
      warnings.push(
        AI_MESSAGES.ambiguousClient(
          s.text.slice(s.tokens[i].start, end),
          match.candidates.map((c) => c.name),
        ),
      );
  };

  // 'cliente Acme', 'do cliente Acme', 'cliente: Acme'.
  for (let i = 0; i < s.tokens.length - 1; i++) {
    if (s.tokens[i].f !== 'cliente' || !s.free(s.tokens[i])) continue;
    const hit = tryAt(i + 1, false);
    if (hit) {
      take(i + 1, hit.k, hit.match, s.linkedStart(i));
      continue;
    }
    let j = i + 1;
    while (j < s.tokens.length && j < i + 4 && s.tokens[j].cap && s.free(s.tokens[j]) && !NOT_NAMES.has(s.tokens[j].f)) j++;
    if (j > i + 1) {
      const span = { start: s.linkedStart(i), end: s.tokens[j - 1].end };
      s.claim(span);
      warnings.push(AI_MESSAGES.clientNotFound(s.text.slice(s.tokens[i + 1].start, s.tokens[j - 1].end)));
    }
  }
  // A client's name anywhere ('da Acme', 'para a TechNova').
  for (let i = 0; i < s.tokens.length; i++) {
    if (!s.free(s.tokens[i]) || LINKS.has(s.tokens[i].f)) continue;
    const hit = tryAt(i, true);
    if (hit) {
      take(i, hit.k, hit.match, s.linkedStart(i));
      i += hit.k - 1;
    }
  }
  return found;
}

function findPeople(s: Scanner, users: readonly AiUserRef[]): PersonHit[] {
  const hits: Array<{ at: number; hit: PersonHit }> = [];
  const toHit = (name: string, match: NameMatch<AiUserRef>): PersonHit | null =>
    match.kind === 'found' ? { user: match.item } : match.kind === 'ambiguous' ? { ambiguous: name, candidates: match.candidates } : null;

  // @username mentions, with the words that introduce them ('para o @joao').
  for (const m of s.f.matchAll(/(?<![\p{L}\p{N}_@.])@(?<u>[\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (!s.free(span)) continue;
    const name = s.text.slice(span.start + 1, span.end);
    s.claim({ start: s.linkedBefore(span.start, new Set([...LINKS, ...STRONG_TRIGGERS])), end: span.end });
    hits.push({ at: span.start, hit: toHit(name, matchPerson(name, users)) ?? { unknown: `@${name}` } });
  }

  /** The longest run of words at i naming a user (full name, username or first name). */
  const personAt = (i: number, anyCase: boolean): { k: number; hit: PersonHit } | null => {
    for (let k = Math.min(4, s.tokens.length - i); k >= 1; k--) {
      const span = s.phrase(i, k);
      if (!span) continue;
      if (!anyCase && !s.tokens[i].cap) return null;
      const name = s.text.slice(span.start, span.end);
      const words = nameTokens(name);
      const match = matchPerson(name, users);
      // Several words must be a whole name or its beginning; one word a username or first name.
      if (match.kind === 'none' || (k > 1 && match.kind === 'found' && !nameTokens(match.item.name).join(' ').startsWith(words.join(' '))))
        continue;
      const hit = toHit(name, match);
      if (hit) return { k, hit };
    }
    return null;
  };

  // 'para o João', 'para a Maria e o Carlos', 'responsável: Ana', 'com o Carlos'.
  for (let i = 0; i < s.tokens.length - 1; i++) {
    const trigger = s.tokens[i];
    const strong = STRONG_TRIGGERS.has(trigger.f);
    if ((!strong && !WEAK_TRIGGERS.has(trigger.f)) || !s.free(trigger)) continue;
    let j = i + 1;
    while (j < s.tokens.length && AFTER_TRIGGER.has(s.tokens[j].f) && s.free(s.tokens[j])) j++;
    const found: Array<{ at: number; hit: PersonHit }> = [];
    let end = -1;
    while (j < s.tokens.length) {
      while (j < s.tokens.length - 1 && ARTICLES.has(s.tokens[j].f) && s.free(s.tokens[j])) j++;
      if (!s.free(s.tokens[j])) break;
      const person = personAt(j, true);
      if (person) {
        found.push({ at: s.tokens[j].start, hit: person.hit });
        end = s.tokens[j + person.k - 1].end;
        j += person.k;
      } else if (strong && s.tokens[j].cap && !NOT_NAMES.has(s.tokens[j].f) && !LINKS.has(s.tokens[j].f)) {
        let k = 1;
        while (k < 3 && s.phrase(j, k + 1) && s.tokens[j + k].cap && !NOT_NAMES.has(s.tokens[j + k].f)) k++;
        found.push({ at: s.tokens[j].start, hit: { unknown: s.text.slice(s.tokens[j].start, s.tokens[j + k - 1].end) } });
        end = s.tokens[j + k - 1].end;
        j += k;
      } else break;
      if (j >= s.tokens.length) break;
      const gap = s.text.slice(s.tokens[j - 1].end, s.tokens[j].start);
      if (s.tokens[j].f === 'e' && /^\s+$/.test(gap) && s.free(s.tokens[j])) j++;
      else if (!/^\s*,\s*$/.test(gap)) break;
    }
    if (found.length) {
      s.claim({ start: trigger.start, end });
      hits.push(...found);
    }
  }

  // A user's name written anywhere, capitalised ('Revisar o texto da Ana'): kept in the title.
  for (let i = 0; i < s.tokens.length; i++) {
    if (!s.tokens[i].cap || !s.free(s.tokens[i]) || LINKS.has(s.tokens[i].f) || NOT_NAMES.has(s.tokens[i].f)) continue;
    const person = personAt(i, false);
    if (!person) continue;
    s.claim({ start: s.tokens[i].start, end: s.tokens[i + person.k - 1].end }, false);
    hits.push({ at: s.tokens[i].start, hit: person.hit });
    i += person.k - 1;
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.hit);
}

// ---------------------------------------------------------------------------------------------
// Title

function stripSpans(text: string, spans: Span[]): string {
  let out = '';
  let cursor = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) {
      cursor = Math.max(cursor, span.end);
      continue;
    }
    out += text.slice(cursor, span.start) + ' ';
    cursor = span.end;
  }
  return out + text.slice(cursor);
}

function tidy(piece: string): string {
  return piece
    .replace(/[ \t]+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,.;:!?\-–—]+|[\s,;:\-–—]+$/g, '')
    .trim();
}

/** Drops dangling prepositions and articles at the end, and link words at the start. */
function trimLinks(piece: string): string {
  let words = piece.split(' ').filter(Boolean);
  while (words.length && TRAILING.has(foldText(words[words.length - 1]).replace(/[^\p{L}\p{N}]/gu, ''))) words = words.slice(0, -1);
  while (words.length && ['e', 'que', 'ate'].includes(foldText(words[0]))) words = words.slice(1);
  return tidy(words.join(' '));
}

function buildTitle(s: Scanner, assignees: AiUserRef[]): string {
  const stripped = stripSpans(
    s.text,
    s.claims.filter((c) => c.strip),
  );
  const clauses = stripped
    .split(/[.!?;\n]+(?=\s|$)|\n|\s[-–—]\s/)
    .map(tidy)
    .filter((c) => /[\p{L}\p{N}]/u.test(c));
  for (const clause of clauses) {
    const pieces = clause
      .split(',')
      .map(tidy)
      .filter((p) => /[\p{L}\p{N}]/u.test(p));
    // Prefer a piece of several words ('Urgente, criar posts' → 'Criar posts').
    for (const piece of [...pieces.filter((p) => p.includes(' ')), ...pieces.filter((p) => !p.includes(' '))]) {
      const title = titleFrom(piece, assignees);
      if (title) return title;
    }
  }
  return '';
}

/** One comma piece made a title: without a leading assignee, filler words and dangling links; capitalised, ≤ 80. */
function titleFrom(piece: string, assignees: AiUserRef[]): string {
  let title = piece;
  // 'Maria, revise...' / 'A Maria precisa revisar...': the assignee is a field, not the title's subject.
  for (let round = 0; round < 2; round++) {
    for (const user of assignees) {
      for (const name of [nameTokens(user.name).join(' '), nameTokens(user.name)[0], foldText(user.username)]) {
        const lead = new RegExp(String.raw`^(?:(?:o|a)\s+)?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\s,:]|$)[\s,:]*`).exec(
          foldText(title),
        );
        if (name && lead) title = title.slice(lead[0].length);
      }
    }
    const filler = FILLER.exec(foldText(title));
    if (filler?.[0]) title = title.slice(filler[0].length);
    title = trimLinks(title);
  }
  if (!/\p{L}/u.test(title)) return '';
  title = capitalize(title);
  if (title.length > AI_TITLE_MAX) {
    const cut = title.slice(0, AI_TITLE_MAX + 1);
    const space = cut.lastIndexOf(' ');
    title = trimLinks(space > 20 ? cut.slice(0, space) : title.slice(0, AI_TITLE_MAX)).slice(0, AI_TITLE_MAX);
  }
  return title;
}

// ---------------------------------------------------------------------------------------------

/** Turns free pt-BR text into a task suggestion, against the real users and clients. */
export function parseTaskText(text: string, options: ParseTaskOptions): AiTaskSuggestion {
  const now = (options.now instanceof Date ? DateTime.fromJSDate(options.now) : options.now).setZone(options.timezone);
  const description = cleanTaskText(text);
  const warnings: string[] = [];
  const suggestions: string[] = [];
  let problems = 0;
  const s = new Scanner(description);

  const dates = findDates(s, now, warnings);
  const times = findTimes(s);
  const clients = findClients(s, options.clients, warnings);
  const people = findPeople(s, options.users);

  const assignees: AiUserRef[] = [];
  for (const hit of people) {
    if ('user' in hit) {
      if (!assignees.some((u) => u.id === hit.user.id)) assignees.push(hit.user);
    } else if ('unknown' in hit) {
      warnings.push(AI_MESSAGES.personNotFound(hit.unknown));
      problems += 1;
    } else {
      warnings.push(
        AI_MESSAGES.ambiguousPerson(
          hit.ambiguous,
          hit.candidates.map((u) => u.name),
        ),
      );
      problems += 1;
    }
  }

  const { deadline, defaultTime, past } = resolveDeadline(dates, times, now);
  if (past) {
    warnings.push(AI_MESSAGES.pastDate);
    problems += 1;
  }

  const client = clients[0] ?? null;
  if (clients.length > 1) warnings.push(AI_MESSAGES.severalClients(client!.name));
  if (!client) warnings.push(AI_MESSAGES.noClient);
  if (!deadline) warnings.push(AI_MESSAGES.noDeadline);

  let title = buildTitle(s, assignees);
  const titleFound = title.length >= 3;
  if (!titleFound) {
    const first = description.split(/[.!?\n]/)[0] ?? '';
    title = capitalize(first.trim()).slice(0, AI_TITLE_MAX);
    suggestions.push(AI_MESSAGES.suggestTitle);
  }
  if (!deadline) suggestions.push(AI_MESSAGES.suggestDeadline);
  else if (defaultTime) suggestions.push(AI_MESSAGES.suggestDefaultTime);
  if (!client) suggestions.push(AI_MESSAGES.suggestClient);
  if (assignees.length === 0) suggestions.push(AI_MESSAGES.suggestAssignee);
  if (description.split(/\s+/).length < 4) suggestions.push(AI_MESSAGES.suggestDetails);

  return {
    title,
    description,
    clientName: client?.name ?? null,
    clientId: client?.id ?? null,
    assignedToNames: assignees.map((u) => u.name),
    assignedToIds: assignees.map((u) => u.id),
    deadline: deadline ? deadline.toISO({ suppressMilliseconds: true }) : null,
    confidence: computeConfidence({ title: titleFound, client: !!client, deadline: !!deadline, assignee: assignees.length > 0 }, problems),
    suggestions,
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// A language model's answer, checked against the real users and clients

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim().slice(0, 500))
    .slice(0, 20);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Turns a model's JSON answer into a suggestion. Nothing it says is trusted: the client and the
 * people are matched again against the real lists (an unmatched name is a warning, never an id),
 * the deadline must be a valid date (read in the app's zone when it has no offset), and a missing
 * title or description falls back to the offline parser's.
 */
export function interpretModelAnswer(answer: Record<string, unknown>, sourceText: string, options: ParseTaskOptions): AiTaskSuggestion {
  const now = (options.now instanceof Date ? DateTime.fromJSDate(options.now) : options.now).setZone(options.timezone);
  const warnings = strings(answer.warnings);
  const suggestions = strings(answer.suggestions);
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };
  let problems = 0;

  let client: AiClientRef | null = null;
  const clientName = text(answer.clientName);
  if (clientName) {
    const match = matchClient(clientName, options.clients);
    if (match.kind === 'found') client = match.item;
    else {
      problems += 1;
      warn(
        match.kind === 'ambiguous'
          ? AI_MESSAGES.ambiguousClient(
              clientName,
              match.candidates.map((c) => c.name),
            )
          : AI_MESSAGES.clientNotFound(clientName),
      );
    }
  }
  if (!client) warn(AI_MESSAGES.noClient);

  const assignees: AiUserRef[] = [];
  for (const name of strings(answer.assignedToNames)) {
    const match = matchPerson(name, options.users);
    if (match.kind === 'found') {
      if (!assignees.some((u) => u.id === match.item.id)) assignees.push(match.item);
    } else {
      problems += 1;
      warn(
        match.kind === 'ambiguous'
          ? AI_MESSAGES.ambiguousPerson(
              name,
              match.candidates.map((u) => u.name),
            )
          : AI_MESSAGES.personNotFound(name),
      );
    }
  }

  let deadline: DateTime | null = null;
  const rawDeadline = text(answer.deadline);
  if (rawDeadline) {
    let parsed = DateTime.fromISO(rawDeadline, { zone: options.timezone });
    if (parsed.isValid && /^\d{4}-\d{2}-\d{2}$/.test(rawDeadline)) parsed = parsed.set({ hour: AI_DEFAULT_DEADLINE_HOUR });
    if (parsed.isValid) deadline = parsed.setZone(options.timezone);
    else {
      problems += 1;
      warn(AI_MESSAGES.invalidDate(rawDeadline.slice(0, 40)));
    }
  }
  if (!deadline) warn(AI_MESSAGES.noDeadline);
  else if (deadline < now && !warnings.includes(AI_MESSAGES.pastDate)) {
    problems += 1;
    warn(AI_MESSAGES.pastDate);
  }

  let title = text(answer.title);
  let description = text(answer.description);
  if (!title || !description) {
    const offline = parseTaskText(sourceText, options);
    title ||= offline.title;
    description ||= offline.description;
  }
  if (title.length > AI_TITLE_MAX) title = titleFrom(title, []) || title.slice(0, AI_TITLE_MAX);

  const found = { title: title.length >= 3, client: !!client, deadline: !!deadline, assignee: assignees.length > 0 };
  const modelConfidence = typeof answer.confidence === 'number' && Number.isFinite(answer.confidence) ? answer.confidence : null;
  const confidence =
    modelConfidence === null
      ? computeConfidence(found, problems)
      : Math.round(Math.min(1, Math.max(0, modelConfidence - problems * PENALTY)) * 100) / 100;

  return {
    title,
    description,
    clientName: client?.name ?? null,
    clientId: client?.id ?? null,
    assignedToNames: assignees.map((u) => u.name),
    assignedToIds: assignees.map((u) => u.id),
    deadline: deadline ? deadline.toISO({ suppressMilliseconds: true }) : null,
    confidence,
    suggestions,
    warnings,
  };
}

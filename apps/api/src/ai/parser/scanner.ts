import { DateTime } from 'luxon';
import { foldText, type AiUserRef } from '@wkflow/contracts';

/** Scanning: the word lists and patterns of the pt-BR parser, and the Scanner that claims phrases of the text. */
export interface Span {
  start: number;
  end: number;
}

interface Token extends Span {
  f: string;
  cap: boolean;
}

export const MONTHS = [
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
export const WEEKDAYS: Record<string, number> = { segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6, domingo: 7 };
export const NUMBER_WORDS: Record<string, number> = {
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

export const R_DAY_MONTH = re(
  String.raw`\b${PRE}(?:(?:o\s+)?dia\s+)?(?<d>\d{1,2})(?:o|º)?\s+de\s+(?<m>${MONTHS.join('|')})(?:\s+de\s+(?<y>\d{4}))?\b`,
);
export const R_SLASH = re(String.raw`\b${PRE}(?:(?:o\s+)?dia\s+)?(?<d>\d{1,2})\/(?<m>\d{1,2})(?:\/(?<y>\d{4}|\d{2}))?(?![\d/])`);
export const R_IN = re(
  String.raw`\b(?<pre>daqui\s+a|em|dentro\s+de|ate)\s+(?<n>\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\s+(?<u>dias?|semanas?|mes|meses|horas?|minutos?)\b`,
);
export const R_REL = re(String.raw`\b${PRE}(?<rel>depois\s+de\s+amanha|amanha|hoje)\b`);
export const R_WEEKDAY = re(
  String.raw`\b${PRE}(?<next>(?:proxim[oa]|nest[ea]|ness[ea]|est[ea])\s+)?(?<w>segunda|terca|quarta|quinta|sexta|sabado|domingo)(?<feira>[\s-]*feira)?(?<after>\s+(?:que\s+vem|da\s+semana\s+que\s+vem|da\s+proxima\s+semana))?\b`,
);
export const R_NEXT_WEEK = re(String.raw`\b${PRE}(?:(?:a\s+)?proxima\s+semana|semana\s+que\s+vem)\b`);
export const R_END_MONTH = re(String.raw`\b${PRE}(?:o\s+)?(?:fim|final)\s+do\s+mes\b`);
export const R_END_WEEK = re(String.raw`\b${PRE}(?:o\s+)?(?:fim|final)\s+da\s+semana\b`);
export const R_DAY = re(String.raw`\b${PRE}(?:o\s+)?dia\s+(?<d>\d{1,2})\b`);

const TIME_PRE = String.raw`(?<pre>(?:ate|a\s+partir|pelas|por\s+volta)\s+(?:d?as\s+)?|as\s+)?`;
const TIME_TAIL = String.raw`(?<half>\s+e\s+meia)?(?<per>\s+(?:da|de)\s+(?:manha|tarde|noite))?`;
export const R_TIME_COLON = re(String.raw`\b${TIME_PRE}(?<h>\d{1,2}):(?<min>\d{2})(?:\s*(?:h|hs|hrs|horas?)\b)?${TIME_TAIL}`);
export const R_TIME_H = re(
  String.raw`\b${TIME_PRE}(?<h>\d{1,2})(?<sp>\s*)(?<hh>h|hs|hrs|horas?)(?<min>\d{2})?(?:\s*min(?:utos)?)?\b${TIME_TAIL}`,
);
export const R_NOON = re(String.raw`\b(?:(?:ao|ate\s+o|as|a|de|do)\s+)?meio[\s-]dia(?<half>\s+e\s+meia)?\b`);
export const R_TIME_BARE = re(
  String.raw`\b(?<pre>(?:ate\s+)?as|pelas|a\s+partir\s+das)\s+(?<h>\d{1,2})${TIME_TAIL}(?=\s*(?:$|[,.;!?)\n])|\s+(?:para|pra|pro|com|no|na|ate|e|em)\b)`,
);
export const R_PERIOD = re(String.raw`\b(?:de|pela|na|a|durante\s+a)\s+(?<p>manha|tarde|noite)\b`);
export const R_END_OF_DAY = re(String.raw`\b(?:(?:ate|no|ao)\s+)?(?:o\s+)?(?:fim|final)\s+(?:do\s+dia|da\s+tarde|do\s+expediente)\b`);
export const PERIOD_HOURS: Record<string, number> = { manha: 9, tarde: 14, noite: 19 };

/** Words never taken for an unknown person's or client's name. */
export const NOT_NAMES = new Set([
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
export const LINKS = new Set([
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
export const STRONG_TRIGGERS = new Set([
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
export const WEAK_TRIGGERS = new Set(['com']);
export const AFTER_TRIGGER = new Set(['a', 'o', 'as', 'os', 'ao', 'aos', 'para', 'pra', 'pro', 'por', 'pelo', 'pela']);
export const ARTICLES = new Set(['o', 'a', 'os', 'as']);
export const TRAILING = new Set([
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
export const FILLER = new RegExp(
  String.raw`^(?:(?:por\s+favor|pf|pfv)\s*,?\s*)?(?:(?:eu\s+)?(?:preciso|precisamos|precisa|temos|tenho|tem|vamos|vai|deve|pode|podemos)\s+(?:que\s+|de\s+)?)?(?:(?:criar|crie|cria|abrir|abra|adicionar|adicione)\s+(?:uma\s+)?(?:nova\s+)?tarefa\s*(?:para|de|pra)?\s*:?\s*|(?:nova\s+)?tarefa\s*:\s*|(?:lembrar|lembre|lembra)\s+(?:de\s+)?)?`,
);

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

export interface DateHit extends Span {
  /** Midnight of the day, or an exact instant ('daqui a 2 horas'). */
  date: DateTime;
  exact: boolean;
  preferred: boolean;
  /** A year was written: a past date is the author's, not rolled forward. */
  explicitYear: boolean;
}

export interface TimeHit extends Span {
  hour: number;
  minute: number;
  /** 'de manhã' / 'à tarde' / 'à noite': used only without an explicit time. */
  vague: boolean;
}

export type PersonHit = { user: AiUserRef } | { unknown: string } | { ambiguous: string; candidates: AiUserRef[] };

export class Scanner {
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

import { DateTime } from 'luxon';
import { AI_DEFAULT_DEADLINE_HOUR, AI_MESSAGES } from './options';
import {
  MONTHS,
  WEEKDAYS,
  NUMBER_WORDS,
  R_DAY_MONTH,
  R_SLASH,
  R_IN,
  R_REL,
  R_WEEKDAY,
  R_NEXT_WEEK,
  R_END_MONTH,
  R_END_WEEK,
  R_DAY,
  R_TIME_COLON,
  R_TIME_H,
  R_NOON,
  R_TIME_BARE,
  R_PERIOD,
  R_END_OF_DAY,
  PERIOD_HOURS,
  DateHit,
  TimeHit,
  Scanner,
} from './scanner';

/** Dates and times in the text, and the deadline they make. */
export function findDates(s: Scanner, now: DateTime, warnings: string[]): DateHit[] {
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

export function findTimes(s: Scanner): TimeHit[] {
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

export function resolveDeadline(
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

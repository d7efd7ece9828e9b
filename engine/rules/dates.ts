/*
 * Dates as the product writes them (pt-BR), always in a named time zone: the server's is the
 * configured APP_TIMEZONE, the browser's the product's. One family of formatters, each made once per
 * time zone (building an Intl.DateTimeFormat costs far more than using one).
 */

/** The product's time zone: APP_TIMEZONE's default, and the zone the staff screens show dates in. */
export const PRODUCT_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per purpose and time zone (undefined: the runtime's own zone). `create` runs the
 * first time a purpose and zone are asked for.
 */
export function formatter(purpose: string, timeZone: string | undefined, create: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const key = `${purpose}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = create()));
  return found;
}

/** An instant as a Brazilian date, dd/mm/aaaa, in `timeZone` (undefined: the runtime's). */
export function formatDateBR(at: Date, timeZone: string | undefined): string {
  return formatter('dateBR', timeZone, () => new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })).format(at);
}

/** An instant as a Brazilian date and time, 'dd/mm/aaaa, hh:mm' (as the screens and the export PDF write it), in `timeZone`. */
export function formatDateTimeBR(at: Date, timeZone: string): string {
  return formatter('dateTimeBR', timeZone, () =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(at);
}

/** An instant's time of day, 'hh:mm' (24 h), in `timeZone` (undefined: the viewer's). */
export function formatTimeBR(at: Date, timeZone: string | undefined): string {
  return formatter('timeBR', timeZone, () => new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(at);
}

/** An instant as 'dd/mm/aaaa hh:mm' without the comma (the API's `*_local` fields), in `timeZone`. */
export function formatStampBR(at: Date, timeZone: string): string {
  return formatDateTimeBR(at, timeZone).replace(',', '');
}

/** The calendar day ('YYYY-MM-DD') of an instant in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return formatter('isoDay', timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(at);
}


const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written yyyy-mm-dd (2024-02-29 is, 2023-02-29 is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `days` days after `day` ('YYYY-MM-DD'; before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** A day 'YYYY-MM-DD' as the product writes it, dd/mm/aaaa; '' for anything else. */
export function formatDay(value: string | null | undefined): string {
  const match = ISO_DATE.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

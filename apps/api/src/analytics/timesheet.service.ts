import { BadRequestException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { DateTime } from 'luxon';
import {
  can,
  dateBR,
  hoursDecimalBR,
  hoursHHMM,
  moneyBR,
  timeBR,
  TIMESHEET_EXPORT_MAX_ROWS,
  TIMESHEET_MESSAGES,
  TIMESHEET_PAGE_DEFAULT,
  TIMESHEET_PARTIAL_VALUE,
  timesheetFileName,
  timesheetRange,
  weekDays,
  type MyWeek,
  type TimesheetEntry,
  type TimesheetFilter,
  type TimesheetOptions,
  type TimesheetPage,
  type TimesheetTotal,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { type Sheet, type SheetCell, toCsv, toXlsx } from '../platform/files/spreadsheet';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { TimesheetQueryDto } from './dto/timesheet.dto';
import { EntryVisibilities } from '../timer/entry-visibility';
import {
  type TimesheetQuery,
  TimesheetReadModel,
  type TimesheetRow as Row,
  type TimesheetTotalRow,
} from './repositories/timesheet-read-model.repository';

const num = (value: string | null): number | null => (value === null ? null : Number(value));
const money = (value: string | null): string => (value === null ? '' : moneyBR(Number(value)));

/**
 * Timesheets: the filtered entries of /time-management, their totals per client and per person,
 * the user's own week, and the CSV/XLSX of exactly the filtered rows, read through the
 * TimesheetReadModel (limited to the user's time_tracking scope); rates and values go only to
 * users with clients write. Unlike the dashboard figures it is not kept in AnalyticsCache: each
 * answer is one user's scope, filter and page, and running entries count their seconds up to the
 * request.
 */
@Injectable()
export class TimesheetService {
  constructor(
    private readonly timesheets: TimesheetReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly visibility: EntryVisibilities,
  ) {}

  /** The validated filter: a custom period needs both dates (from ≤ to), other periods take none. */
  filterOf(query: TimesheetQueryDto): TimesheetFilter {
    const period = query.period ?? 'week';
    if (period === 'custom') {
      if (!query.from || !query.to) throw new BadRequestException(TIMESHEET_MESSAGES.customNeedsDates);
      if (query.from > query.to) throw new BadRequestException(TIMESHEET_MESSAGES.range);
    } else if (query.from !== undefined || query.to !== undefined) {
      throw new BadRequestException(TIMESHEET_MESSAGES.datesNeedCustom);
    }
    return { period, from: query.from, to: query.to, userId: query.userId, clientId: query.clientId, taskId: query.taskId };
  }

  /** The read model's query: the user's scope, the filter's period in APP_TIMEZONE and its ids. */
  private async readQuery(user: AuthenticatedUser, filter: TimesheetFilter): Promise<TimesheetQuery> {
    const { since, until } = timesheetRange(filter, new Date(), this.config.appTimezone);
    return {
      visibility: await this.visibility.of(user),
      since,
      until,
      userId: filter.userId ?? null,
      clientId: filter.clientId ?? null,
      taskId: filter.taskId ?? null,
    };
  }

  async page(user: AuthenticatedUser, query: TimesheetQueryDto): Promise<TimesheetPage> {
    const filter = this.filterOf(query);
    const limit = query.limit ?? TIMESHEET_PAGE_DEFAULT;
    const offset = query.offset ?? 0;
    const showsValues = can(user, 'clients', 'write');
    const scoped = await this.readQuery(user, filter);
    const [rows, byClient, byPerson] = await Promise.all([
      this.timesheets.entries(scoped, limit, offset),
      this.timesheets.totals(scoped, 'client'),
      this.timesheets.totals(scoped, 'person'),
    ]);
    const shape = (totals: TimesheetTotalRow[]): TimesheetTotal[] =>
      totals.map(({ value, ...rest }) => (showsValues ? { ...rest, value: num(value) } : rest));
    const records = byPerson.reduce((sum, t) => sum + t.records, 0);
    const sumValues = byClient.reduce<number | null>((sum, t) => {
      const value = num(t.value);
      return value === null ? sum : Math.round(((sum ?? 0) + value) * 100) / 100;
    }, null);
    return {
      items: rows.map((row) => this.entry(row, showsValues)),
      total: records,
      limit,
      offset,
      showsValues,
      totals: {
        seconds: byPerson.reduce((sum, t) => sum + t.seconds, 0),
        records,
        activeUsers: byPerson.length,
        ...(showsValues ? { value: sumValues } : {}),
        byClient: shape(byClient),
        byPerson: shape(byPerson),
      },
    };
  }

  private entry(row: Row, showsValues: boolean): TimesheetEntry {
    return {
      id: row.id,
      taskId: row.taskId,
      task_title: row.task_title,
      userId: row.userId,
      user_name: row.user_name,
      clientId: row.clientId,
      client_name: row.client_name,
      description: row.description,
      duration: row.duration,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime ? row.endTime.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      ...(showsValues ? { hourlyRate: num(row.hourlyRate), value: num(row.value) } : {}),
    };
  }

  /** People, clients and tasks the user's scope has entries of (tasks narrowed to a client when given). */
  async options(user: AuthenticatedUser, clientId?: number): Promise<TimesheetOptions> {
    return this.timesheets.options(await this.visibility.of(user), clientId ?? null);
  }

  /** The user's own seconds per day of this week (Monday to Sunday, app time zone). */
  async myWeek(user: AuthenticatedUser): Promise<MyWeek> {
    const zone = this.config.appTimezone;
    const days = weekDays(new Date(), zone);
    const since = DateTime.fromISO(days[0], { zone }).toJSDate();
    const rows = await this.timesheets.weekSeconds(user.id, since, zone);
    const byDay = new Map(rows.map((r) => [r.day, r.seconds]));
    const result = days.map((date) => ({ date, seconds: byDay.get(date) ?? 0 }));
    return { days: result, totalSeconds: result.reduce((sum, d) => sum + d.seconds, 0) };
  }

  /** The columns of an export; the rate and value only for users with clients write. */
  static exportColumns(showsValues: boolean): string[] {
    return [
      'Data',
      'Início',
      'Fim',
      'Pessoa',
      'Cliente',
      'Tarefa',
      'Descrição',
      'Horas',
      'Horas (HH:MM)',
      ...(showsValues ? ['Valor/hora (R$)', 'Valor (R$)'] : []),
    ];
  }

  /**
   * The export's last row: 'Total', the hours of every row and the sum of the row values (XLSX as
   * SUM formulas over the rows). Rows without a rate add no value: with none rated the value is
   * empty, with some unrated the Descrição cell says the value covers only the rated hours.
   */
  private totalsRow(rows: Row[], showsValues: boolean, csv: boolean): SheetCell[] {
    const last = rows.length + 1;
    const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
    const rated = rows.filter((row) => row.value !== null);
    const cents = rated.reduce((sum, row) => sum + Math.round(Number(row.value) * 100), 0);
    const note = showsValues && rated.length > 0 && rated.length < rows.length ? TIMESHEET_PARTIAL_VALUE : '';
    const value =
      rated.length === 0 ? (csv ? '' : null) : csv ? moneyBR(cents / 100) : { formula: `SUM(K2:K${last})`, result: cents / 100 };
    return [
      'Total',
      '',
      '',
      '',
      '',
      '',
      note,
      csv ? hoursDecimalBR(seconds) : { formula: `SUM(H2:H${last})`, result: seconds / 3600 },
      hoursHHMM(seconds),
      ...(showsValues ? [csv ? '' : null, value] : []),
    ];
  }

  /** Every filtered row (no paging) as CSV or XLSX; refused above TIMESHEET_EXPORT_MAX_ROWS. */
  async export(
    user: AuthenticatedUser,
    query: TimesheetQueryDto,
    format: 'csv' | 'xlsx',
  ): Promise<{ fileName: string; body: Buffer; contentType: string }> {
    const filter = this.filterOf(query);
    const showsValues = can(user, 'clients', 'write');
    const rows = await this.timesheets.entries(await this.readQuery(user, filter), TIMESHEET_EXPORT_MAX_ROWS + 1, 0);
    if (rows.length > TIMESHEET_EXPORT_MAX_ROWS) throw new UnprocessableEntityException(TIMESHEET_MESSAGES.tooMany);
    const zone = this.config.appTimezone;
    const columns = TimesheetService.exportColumns(showsValues);
    const fileName = timesheetFileName(filter, new Date(), zone, format);
    // CSV writes the day, hours and money as pt-BR text; XLSX as typed cells (the day as a date
    // cell of its calendar day in the app's zone, hours and money as numbers). XLSX hours are the
    // exact hours shown with two decimals, and the value is the formula =ROUND(hours × rate; 2) with
    // the server's value as its result, so the sheet multiplies out to the cent. Both files end
    // with a totals row.
    const csv = format === 'csv';
    const data = rows.map((row, index): SheetCell[] => {
      const local = DateTime.fromJSDate(row.startTime).setZone(zone);
      const line = index + 2; // the header is row 1
      const value = num(row.value);
      return [
        csv ? dateBR(row.startTime, zone) : new Date(Date.UTC(local.year, local.month - 1, local.day)),
        timeBR(row.startTime, zone),
        row.endTime ? timeBR(row.endTime, zone) : '',
        row.user_name,
        row.client_name ?? '',
        row.task_title,
        row.description ?? '',
        csv ? hoursDecimalBR(row.seconds) : row.seconds / 3600,
        hoursHHMM(row.seconds),
        ...(showsValues
          ? csv
            ? [money(row.hourlyRate), money(row.value)]
            : [num(row.hourlyRate), value === null ? null : { formula: `ROUND(H${line}*J${line},2)`, result: value }]
          : []),
      ];
    });
    if (rows.length > 0) data.push(this.totalsRow(rows, showsValues, csv));
    if (csv) return { fileName, body: Buffer.from(toCsv({ columns, rows: data }), 'utf8'), contentType: 'text/csv; charset=utf-8' };
    const sheet: Sheet = {
      name: 'Horas',
      columns,
      rows: data,
      widths: [12, 8, 8, 24, 24, 36, 36, 10, 14, 16, 14],
      formats: ['dd/mm/yyyy', undefined, undefined, undefined, undefined, undefined, undefined, '0.00', undefined, '#,##0.00', '#,##0.00'],
      totalsRow: true,
    };
    return {
      fileName,
      body: await toXlsx([sheet]),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
}

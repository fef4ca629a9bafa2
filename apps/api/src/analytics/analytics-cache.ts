import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  type AnalyticsDashboard,
  type AnalyticsPeriod,
  type AnalyticsTrendDay,
  type ClientPerformance,
  type MemberProductivity,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import type { EntityManager } from 'typeorm';
import { ChangeListener } from '../platform/database/change-listener';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import {
  dashboardAt,
  presentClients,
  presentDashboard,
  presentProductivity,
  presentTrend,
  rowsAt,
  trendAt,
  type RunningEntry,
} from './analytics-figures';
import { AnalyticsService } from './analytics.service';

/**
 * The channel the AnalyticsNotify migration's (1795571000000-AnalyticsNotify) statement triggers
 * notify, with the table written: tasks, task_assignees, time_entries, task_history, users,
 * clients, columns (what FiguresReadModel reads).
 */
export const ANALYTICS_CHANNEL = 'wkflow_analytics';

/**
 * Results by key, each computed once per data version: kept while this process listens for the
 * database's notifications, all forgotten at each one. Before looking, a request waits for the
 * listener's next round trip (`ChangeListener.sync`), so every write committed before it arrived,
 * on any replica, has been heard: a client sees its own writes. Concurrent misses of a key share
 * one computation that started after the last change heard. Without the listener nothing is
 * cached (each request computes).
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: unknown; generation: number; at: number }>();
  private readonly loads = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private generation = 0;
  private listening = false;
  private readonly listener: ChangeListener;

  /** ttlMs is a safety net only: results are dropped as soon as the database says their data changed. */
  constructor(
    databaseUrl: string,
    channel: string,
    private readonly ttlMs: number,
  ) {
    this.listener = new ChangeListener(
      databaseUrl,
      channel,
      () => this.invalidate(),
      (on) => {
        this.listening = on;
        this.invalidate();
      },
    );
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!(await this.listener.sync()) || !this.listening) return load();
    const generation = this.generation;
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && Date.now() - hit.at <= this.ttlMs) return hit.value as T;
    const running = this.loads.get(key);
    if (running && running.generation === generation) return running.promise as Promise<T>;
    const promise = load()
      .then((value) => {
        if (this.listening && this.generation === generation) this.entries.set(key, { value, generation, at: Date.now() });
        return value;
      })
      .finally(() => {
        if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
      });
    this.loads.set(key, { generation, promise });
    return promise;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  listen(): Promise<void> {
    return this.listener.listen();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}

/**
 * The analytics page's figures answered from memory (issue 20): per scope, endpoint, period and
 * local day, recomputed only after a write to what they read. The figures are cached with running
 * time entries counted as 0 and listed apart; each answer adds their time so far, so it equals a
 * fresh computation at the instant of the request (AnalyticsService).
 */
@Injectable()
export class AnalyticsCache implements OnModuleInit, OnModuleDestroy {
  private readonly cache: ResultCache;

  constructor(
    private readonly analytics: AnalyticsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cache = new ResultCache(config.databaseUrl, ANALYTICS_CHANNEL, config.cacheTtlMs);
  }

  async onModuleInit(): Promise<void> {
    await this.cache.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.cache.close();
  }

  /**
   * Whose figures: they are the whole team's for everyone with analytics read (docs/decisions.md,
   * 'Analytics and recommendations'), so one scope. Should a figure ever depend on the user, this
   * is where the key must say so.
   */
  private scope(_user: AuthenticatedUser): string {
    return 'team';
  }

  /** The key: scope, figure, period and local day (the period's days and 'overdue' follow the date). */
  private key(user: AuthenticatedUser, figure: string, period: AnalyticsPeriod, now: Date): string {
    return `${this.scope(user)}:${figure}:${period}:${this.analytics.todayStart(now).toISOString()}`;
  }

  private running(db: EntityManager, period: AnalyticsPeriod, now: Date, previous = false): Promise<RunningEntry[]> {
    const { previousStart, start, end } = this.analytics.range(period, now);
    return this.analytics.runningEntries(previous ? previousStart : start, end, db);
  }

  /** One snapshot: the figures and the running entries agree (a timer stopped in between is counted once). */
  private load<T>(fn: (db: EntityManager) => Promise<T>): () => Promise<T> {
    return () => this.analytics.snapshot(fn);
  }

  async dashboard(user: AuthenticatedUser, period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsDashboard> {
    const { parts, running } = await this.cache.get(
      this.key(user, 'dashboard', period, now),
      this.load(async (db) => {
        const parts = await this.analytics.dashboardParts(period, now, 'frozen', db);
        const running = await this.running(db, period, now, true);
        return { parts, running };
      }),
    );
    return presentDashboard(period, dashboardAt(parts, running, this.analytics.range(period, now), now));
  }

  async trend(user: AuthenticatedUser, period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsTrendDay[]> {
    const { days, running } = await this.cache.get(
      this.key(user, 'trend', period, now),
      this.load(async (db) => {
        const days = await this.analytics.trendParts(period, now, 'frozen', db);
        const running = await this.running(db, period, now);
        return { days, running };
      }),
    );
    return presentTrend(trendAt(days, running, this.analytics.range(period, now), now));
  }

  async productivity(user: AuthenticatedUser, period: AnalyticsPeriod, now = new Date()): Promise<MemberProductivity[]> {
    const { rows, running } = await this.cache.get(
      this.key(user, 'productivity', period, now),
      this.load(async (db) => {
        const rows = await this.analytics.productivityParts(period, now, 'frozen', db);
        const running = await this.running(db, period, now);
        return { rows, running };
      }),
    );
    return presentProductivity(rowsAt(rows, running, (e) => e.userId, this.analytics.range(period, now), now));
  }

  async clients(user: AuthenticatedUser, period: AnalyticsPeriod, now = new Date()): Promise<ClientPerformance[]> {
    const { rows, running } = await this.cache.get(
      this.key(user, 'clients', period, now),
      this.load(async (db) => {
        const rows = await this.analytics.clientParts(period, now, 'frozen', db);
        const running = await this.running(db, period, now);
        return { rows, running };
      }),
    );
    return presentClients(rowsAt(rows, running, (e) => e.clientId, this.analytics.range(period, now), now));
  }
}

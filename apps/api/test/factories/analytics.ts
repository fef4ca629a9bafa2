import type { ReportStatus, ReportTable, ReportType } from '@wkflow/contracts';
import { RecommendationEntity } from '../../src/analytics/recommendation.entity';
import { ReportEntity } from '../../src/analytics/report.entity';
import type { FactoryContext } from './context';
import { unique } from './names';

export interface NewReportOptions {
  user: number;
  status: ReportStatus;
  name?: string;
  type?: ReportType;
  /** A completed report's table (default: one row), set with completedAt = now. */
  result?: ReportTable;
  /** Back-dates it (how long a pending or processing report has waited). */
  createdAt?: Date;
}

/** A report row in a given state of its job (pending, processing, completed), as the worker leaves it. */
export function newReport(ctx: FactoryContext, options: NewReportOptions): Promise<ReportEntity> {
  const reports = ctx.dataSource.getRepository(ReportEntity);
  const completed = options.status === 'completed';
  return reports.save(
    reports.create({
      userId: options.user,
      name: options.name ?? unique('Relatório '),
      type: options.type ?? 'productivity',
      parameters: { period: 30 },
      status: options.status,
      result: completed ? (options.result ?? { columns: ['Membro'], rows: [['Ana']] }) : null,
      completedAt: completed ? new Date() : null,
      ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
    }),
  );
}

/** An active recommendation (a unique key unless given) that expires in a day. */
export function newRecommendation(ctx: FactoryContext, options: { key?: string } = {}): Promise<RecommendationEntity> {
  const recommendations = ctx.dataSource.getRepository(RecommendationEntity);
  return recommendations.save(
    recommendations.create({
      key: options.key ?? unique('teste-'),
      type: 'other',
      priority: 'low',
      title: 'Recomendação de teste',
      description: 'd',
      action: 'a',
      impact: 'i',
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  );
}

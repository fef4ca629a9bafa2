import { RecommendationEntity } from './recommendation.entity';
import { ReportEntity } from './report.entity';

/** The entities of the analytics domain, registered once in platform/database/entities.ts. */
export const ANALYTICS_ENTITIES: Function[] = [ReportEntity, RecommendationEntity];

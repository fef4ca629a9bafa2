import { ANALYTICS_ENTITIES } from '../../analytics/analytics.entities';
import { AUTH_ENTITIES } from '../../auth/auth.entities';
import { CHAT_ENTITIES } from '../../chat/chat.entities';
import { CLIENTS_ENTITIES } from '../../clients/clients.entities';
import { EMAIL_ENTITIES } from '../../email/email.entities';
import { LEARNING_ENTITIES } from '../../learning/learning.entities';
import { NOTIFICATIONS_ENTITIES } from '../../notifications/notifications.entities';
import { ONBOARDING_ENTITIES } from '../../onboarding/onboarding.entities';
import { TASKS_ENTITIES } from '../../tasks/tasks.entities';
import { THEMES_ENTITIES } from '../../themes/themes.entities';
import { TIMER_ENTITIES } from '../../timer/timer.entities';
import { USERS_ENTITIES } from '../../users/users.entities';

/** Every entity of the API, for the data source and the migration check; each domain lists its own. */
export const ENTITIES = [
  ...USERS_ENTITIES,
  ...CLIENTS_ENTITIES,
  ...TASKS_ENTITIES,
  ...TIMER_ENTITIES,
  ...ONBOARDING_ENTITIES,
  ...CHAT_ENTITIES,
  ...NOTIFICATIONS_ENTITIES,
  ...EMAIL_ENTITIES,
  ...LEARNING_ENTITIES,
  ...THEMES_ENTITIES,
  ...ANALYTICS_ENTITIES,
  ...AUTH_ENTITIES,
];

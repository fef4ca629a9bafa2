/**
 * Test data per module, written as the app would leave it: through the module's entities'
 * repositories, or its service where a rule must run (a task's order key, a list's place).
 * Specs use these instead of hand-written SQL; raw SQL in a spec plays a foreign writer,
 * back-dates what no factory option covers, or breaks data on purpose, and says so in a comment.
 */
export { type FactoryContext, secondsAgo } from './context';
export { unique } from './names';
export { newClient, type NewClientOptions } from './clients';
export { assignTask, columnNamed, firstOpenColumn, newColumn, newTask, newTaskHistory, type NewTask, type NewTaskOptions } from './tasks';
export { newTimeEntry, type NewTimeEntryOptions } from './timer';
export { adminUserId, newProfile, newUser, type NewUser, type NewUserOptions, type Permissions } from './users';
export { newQueuedEmail } from './email';
export { newNotification, newNotifications, type NewNotificationOptions } from './notifications';
export { newRecommendation, newReport, type NewReportOptions } from './analytics';
export { newChatMessages, newChatRoom, type NewChatRoomOptions } from './chat';
export { newPasswordResetToken } from './auth';

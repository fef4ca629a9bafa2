/** The browser-notification permission prompt (top right, 2 s after load). Mounted by the app shell. */
export function NotificationPermissionPrompt() {
  return null;
}

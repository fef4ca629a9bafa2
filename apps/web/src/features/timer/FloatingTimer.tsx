/** The floating timer at the bottom right, shown only while a timer runs. Mounted by the app shell. */
export function FloatingTimer() {
  return null;
}

// Placeholder: replaced by the screen's implementation before this lands.
export function CaptureDirectBacklogPage() {
  return <p>CaptureDirectBacklogPage</p>;
}
export function CapturePresumptiveBacklogPage() {
  return <p>CapturePresumptiveBacklogPage</p>;
}

// Placeholder: replaced by the screen's implementation before this lands.
export function DirectAssessmentsPage() {
  return <p>DirectAssessmentsPage</p>;
}
export function PresumptiveAssessmentsPage() {
  return <p>PresumptiveAssessmentsPage</p>;
}

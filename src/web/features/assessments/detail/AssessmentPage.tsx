// Placeholder: replaced by the screen's implementation before this lands.
export function AssessmentPage() {
  return <p>AssessmentPage</p>;
}

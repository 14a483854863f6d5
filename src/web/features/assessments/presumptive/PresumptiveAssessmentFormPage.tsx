// Placeholder: replaced by the screen's implementation before this lands.
export function NewPresumptiveAssessmentPage() {
  return <p>NewPresumptiveAssessmentPage</p>;
}

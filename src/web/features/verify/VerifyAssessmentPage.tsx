// Placeholder: replaced by the screen's implementation before this lands.
export function VerifyAssessmentPage() {
  return <p>VerifyAssessmentPage</p>;
}

// Placeholder: replaced by the screen's implementation before this lands.
export function NewDirectAssessmentPage() {
  return <p>NewDirectAssessmentPage</p>;
}
export function EditDirectAssessmentPage() {
  return <p>EditDirectAssessmentPage</p>;
}

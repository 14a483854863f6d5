// Placeholder: replaced by the screen's implementation before this lands.
export function TaxpayerAssessments() {
  return <p>TaxpayerAssessments</p>;
}

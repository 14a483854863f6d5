// Placeholder: replaced by the screen's implementation before this lands.
export function ObjectionsPage() {
  return <p>ObjectionsPage</p>;
}

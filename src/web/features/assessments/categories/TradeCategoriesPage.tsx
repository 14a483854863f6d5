// Placeholder: replaced by the screen's implementation before this lands.
export function TradeCategoriesPage() {
  return <p>TradeCategoriesPage</p>;
}

import { useState } from "react";

export function App() {
  const [visits, setVisits] = useState(0);
  return (
    <main className="page">
      <h1>${{ values.title }}</h1>
      <p>${{ values.description }}</p>
      <button type="button" onClick={() => setVisits((count) => count + 1)}>
        Clicked {visits} {visits === 1 ? "time" : "times"}
      </button>
    </main>
  );
}

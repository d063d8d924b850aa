import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

// Foundation shell; the web-shell work replaces this with the full layout, routes and providers.
export function App() {
  return (
    <BrowserRouter>
      <header className="site-header">
        <Link to="/" className="brand">
          Bargains
        </Link>
      </header>
      <main id="main">
        <Routes>
          <Route path="*" element={<h1>Take the power of the algorithm back</h1>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

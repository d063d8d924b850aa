import { Link } from 'react-router-dom';
import { BrandLogo } from './BrandLogo';

const FOOTER_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/return-policy', label: 'Return Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--small" aria-label="Bargains home">
            <BrandLogo />
          </Link>
          <p>Take the power of the algorithm back into your hands.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__legal">© {new Date().getFullYear()} Bargains. $2/month, cancel anytime.</p>
      </div>
    </footer>
  );
}

import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { landingSections } from './sections';
import { PAGE_END_ID } from './site-header';

/** The page's end: what Markwise is, links, support contacts and the copyright line. */
export function SiteFooter({
  supportEmail,
  supportPhone,
}: {
  supportEmail?: string;
  supportPhone?: string;
}) {
  const linkCls = 'inline-block py-1 text-slate-300 hover:text-white hover:underline';
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <Logo tone="light" />
          <p className="mt-3 max-w-xs leading-relaxed">
            Online assignments, marked against your model answer with a reason for every mark.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold text-white">Explore</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-6">
            {landingSections.map(({ id, label }) => (
              <li key={id}>
                <a href={`#${id}`} className={linkCls}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/login" className={linkCls}>
                Log In
              </Link>
            </li>
            <li>
              <Link to="/signup" className={linkCls}>
                Sign Up
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Support</h2>
          <ul className="mt-3 min-h-16">
            {supportEmail ? (
              <li>
                <a href={`mailto:${supportEmail}`} className={linkCls}>
                  {supportEmail}
                </a>
              </li>
            ) : null}
            {supportPhone ? (
              <li>
                <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} className={linkCls}>
                  {supportPhone}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © {new Date().getFullYear()} Markwise. Released under the MIT licence.
        </p>
      </div>
      <div id={PAGE_END_ID} className="h-px" />
    </footer>
  );
}

import { features } from './features.ts';

/** The app download link: only when the app-links feature is on (off by default, spec §9). */
export function AppDownloadLink() {
  if (!features.appLinks) return null;
  return (
    <a href="/page/aboutus#app" className="header-action">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="6" y="2.5" width="12" height="19" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="header-action__label">Get the app</span>
    </a>
  );
}

import { Link } from 'react-router';

/** The Thistle Deals mark: a thistle head over its green bract, in the brand's purple and green. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="logo__mark">
      <defs>
        <linearGradient id="logo-flower" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a463d6" />
          <stop offset="1" stopColor="#6a2c91" />
        </linearGradient>
        <clipPath id="logo-bract">
          <ellipse cx="20" cy="24.5" rx="9" ry="7.5" />
        </clipPath>
      </defs>
      <path
        d="M11.5 19 L6.5 7.5 L13.5 12.5 L12 3 L17 10.8 L18 1.5 L20 10.2 L22 1.5 L23 10.8 L28 3 L26.5 12.5 L33.5 7.5 L28.5 19 Z"
        fill="url(#logo-flower)"
      />
      <ellipse cx="20" cy="24.5" rx="9" ry="7.5" fill="#2e8b57" />
      <g clipPath="url(#logo-bract)" stroke="#bfe6cf" strokeWidth="1.1" opacity="0.75">
        <path d="M8 18 L26 36 M13 17 L31 35 M18 16 L34 32 M3 21 L19 37" />
        <path d="M32 18 L14 36 M27 17 L9 35 M22 16 L6 32 M37 21 L21 37" />
      </g>
      <path d="M19 31.5 h2 V39 h-2 Z" fill="#2e8b57" />
      <path d="M20 36 C16 35 13.5 33 12.5 30.5 C15.5 31 18.5 32.5 20 35 Z" fill="#3fa56b" />
      <path d="M20 36 C24 35 26.5 33 27.5 30.5 C24.5 31 21.5 32.5 20 35 Z" fill="#3fa56b" />
    </svg>
  );
}

/** The header's logo, a link home ("Thistle Deals, home"). */
export function LogoLink({ to }: { to: string }) {
  return (
    <Link to={to} className="logo site-header__logo">
      <LogoMark />
      <span className="logo__word">
        <span className="logo__thistle">Thistle</span> Deals
      </span>
      <span className="visually-hidden">, home</span>
    </Link>
  );
}

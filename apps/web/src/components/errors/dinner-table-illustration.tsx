/** Decorative side image of the 404 page: a dinner table seen from above, drawn inline (no external asset). */
export function DinnerTableIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 600 900" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="nf-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#064e3b" />
          <stop offset="0.55" stopColor="#047857" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <radialGradient id="nf-glow" cx="0.5" cy="0.45" r="0.6">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="nf-plate" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.62" stopColor="#ffffff" />
          <stop offset="0.64" stopColor="#e2e8f0" />
          <stop offset="1" stopColor="#f8fafc" />
        </radialGradient>
      </defs>
      <rect width="600" height="900" fill="url(#nf-sky)" />
      <rect width="600" height="900" fill="url(#nf-glow)" />
      <rect x="150" y="110" width="300" height="680" rx="150" fill="#78350f" opacity="0.9" />
      <rect x="168" y="128" width="264" height="644" rx="132" fill="#92400e" />
      {[220, 380, 540, 700].map((y) => (
        <g key={y}>
          <circle cx="238" cy={y - 20} r="46" fill="url(#nf-plate)" />
          <circle cx="362" cy={y - 20} r="46" fill="url(#nf-plate)" />
          <rect x="180" y={y - 48} width="6" height="56" rx="3" fill="#e2e8f0" />
          <rect x="414" y={y - 48} width="6" height="56" rx="3" fill="#e2e8f0" />
        </g>
      ))}
      {[300, 460, 620].map((y) => (
        <g key={y}>
          <rect x="294" y={y - 12} width="12" height="34" rx="4" fill="#fef3c7" />
          <ellipse cx="300" cy={y - 20} rx="6" ry="10" fill="#fbbf24" />
          <circle cx="300" cy={y - 20} r="34" fill="#fde68a" opacity="0.18" />
        </g>
      ))}
      <g fill="#34d399" opacity="0.8">
        <circle cx="238" cy="200" r="10" />
        <circle cx="362" cy="520" r="10" />
        <circle cx="238" cy="680" r="10" />
      </g>
    </svg>
  );
}

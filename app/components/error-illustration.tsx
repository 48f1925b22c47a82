/** An open, empty parcel box with a question mark: our own drawing for the error screen. */
export function ErrorIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 240 180" width="240" height="180" role="img" aria-label={label}>
      <ellipse cx="120" cy="162" rx="84" ry="10" fill="#d5f2ee" />
      <path d="M50 80 L120 100 L190 80 L190 150 L120 168 L50 150 Z" fill="#2aa493" />
      <path d="M120 100 L120 168 L190 150 L190 80 Z" fill="#1c9283" />
      <path d="M50 80 L28 56 L98 38 L120 100 Z" fill="#60c7b9" />
      <path d="M190 80 L212 56 L142 38 L120 100 Z" fill="#49bfae" />
      <path d="M78 122 l14 4 M78 134 l22 6" stroke="#e6fbf8" strokeWidth="4" strokeLinecap="round" />
      <circle cx="160" cy="30" r="22" fill="#fe781a" />
      <text x="160" y="40" textAnchor="middle" fontSize="28" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        ?
      </text>
    </svg>
  );
}

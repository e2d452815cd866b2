/**
 * The bundled profile avatars `avatar-1`..`avatar-12` (PROFILE-1 in docs/requirements.md), drawn
 * in the page: a coloured tile with a shape of its own and the profile's initial. No image file is
 * fetched, and the drawing is SVG attributes only (the Content-Security-Policy allows no inline
 * style).
 */

/** Each avatar's tile colour, shape colour and shape (an SVG path on a 64 x 64 box). */
const LOOKS: Readonly<Record<string, readonly [tile: string, shape: string, path: string]>> = {
  'avatar-1': ['#be123c', '#fb7185', 'M30 50a18 18 0 1 0 36 0a18 18 0 1 0-36 0Z'],
  'avatar-2': ['#b45309', '#fbbf24', 'M-4 64L30 26L66 64Z'],
  'avatar-3': [
    '#047857',
    '#34d399',
    'M4 32a28 28 0 1 0 56 0a28 28 0 1 0-56 0ZM14 32a18 18 0 1 0 36 0a18 18 0 1 0-36 0Z',
  ],
  'avatar-4': [
    '#0369a1',
    '#38bdf8',
    'M0 12L12 0H22L0 22ZM0 42L42 0H52L0 52ZM20 64L64 20V30L30 64Z',
  ],
  'avatar-5': ['#6d28d9', '#a78bfa', 'M0 44q8-8 16 0t16 0t16 0t16 0V64H0Z'],
  'avatar-6': ['#0f766e', '#2dd4bf', 'M32 4L60 32L32 60L4 32Z'],
  'avatar-7': ['#c2410c', '#fb923c', 'M64 0V40A40 40 0 0 1 24 0Z'],
  'avatar-8': ['#4338ca', '#818cf8', 'M26 2h12v24h24v12H38v24H26V38H2V26h24Z'],
  'avatar-9': ['#4d7c0f', '#a3e635', 'M0 64A64 64 0 0 1 64 0V14A50 50 0 0 0 14 64Z'],
  'avatar-10': [
    '#a21caf',
    '#e879f9',
    'M6 14a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM42 50a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z',
  ],
  'avatar-11': ['#0e7490', '#22d3ee', 'M0 64C14 34 50 34 64 64Z'],
  'avatar-12': ['#475569', '#cbd5e1', 'M0 0H32V32H0ZM32 32H64V64H32Z'],
};

/** The look of an avatar not in the set (a newer server's): the first one's. */
const FALLBACK = LOOKS['avatar-1'] ?? ['#be123c', '#fb7185', ''];

/**
 * The first letter of `name`, upper case ('?' for a blank name): an avatar's letter (PROFILE-1).
 */
export function initialOf(name: string): string {
  return (name.trim().charAt(0) || '?').toLocaleUpperCase();
}

/**
 * The drawing of `avatar` with `name`'s initial (PROFILE-1), `size` px square (default 64),
 * hidden from assistive technology: the name beside it says who it is.
 */
export function ProfileAvatar({
  avatar,
  name,
  size = 64,
  className = '',
}: {
  avatar: string;
  name: string;
  size?: number;
  className?: string;
}) {
  const [tile, shape, path] = LOOKS[avatar] ?? FALLBACK;
  return (
    <svg
      aria-hidden="true"
      data-avatar={avatar}
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={`shrink-0 rounded-[22%] ${className}`}
    >
      <rect width="64" height="64" fill={tile} />
      <path d={path} fill={shape} fillOpacity="0.55" fillRule="evenodd" />
      <text
        x="32"
        y="33"
        dominantBaseline="central"
        textAnchor="middle"
        fill="#fff"
        fontSize="28"
        fontWeight="700"
      >
        {initialOf(name)}
      </text>
    </svg>
  );
}

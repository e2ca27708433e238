import { createElement, type ReactElement, type SVGProps } from 'react';

/** Small stroke icons drawn for this app (24-unit grid); decorative unless given a title by the caller. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon from its shapes: a string is a path's data (most icons are paths alone), anything else
 * (a circle, a rect) is drawn as given.
 */
function drawnIcon(...shapes: (string | ReactElement)[]) {
  const children = shapes.map((shape) => (typeof shape === 'string' ? <path d={shape} /> : shape));
  return function DrawnIcon(props: IconProps) {
    // Passed as separate children, not an array, so they need no keys.
    return createElement(Icon, props, ...children);
  };
}

export const ChevronDownIcon = drawnIcon('m6 9 6 6 6-6');

export const SwapIcon = drawnIcon('M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7');

export const GearIcon = (props: IconProps) => (
  <Icon {...props} strokeWidth="1.8">
    <path d="M18.89 9.3 21.77 9.86v4.28l-2.88.56-.11.27 1.64 2.42-3.03 3.03-2.42-1.64-.27.11-.56 2.88H9.86l-.56-2.88-.27-.11-2.42 1.64-3.03-3.03 1.64-2.42-.11-.27-2.88-.56V9.86l2.88-.56.11-.27-1.64-2.42 3.03-3.03 2.42 1.64.27-.11.56-2.88h4.28l.56 2.88.27.11 2.42-1.64 3.03 3.03-1.64 2.42Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const CopyIcon = drawnIcon(
  <rect x="9" y="9" width="12" height="12" rx="2" />,
  'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
);

export const SpeakerIcon = drawnIcon('M11 5 6 9H3v6h3l5 4V5ZM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13');

export const MicIcon = drawnIcon(
  <rect x="9" y="3" width="6" height="11" rx="3" />,
  'M5 11a7 7 0 0 0 14 0M12 18v3',
);

export const RedoIcon = drawnIcon('M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4');

export const EditIcon = drawnIcon('M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4');

export const ShareIcon = drawnIcon('M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6');

export const CheckIcon = drawnIcon('m5 12 5 5 9-10');

export const CloseIcon = drawnIcon('M6 6l12 12M18 6 6 18');

export const HistoryIcon = drawnIcon('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 2');

export const PlusIcon = drawnIcon('M12 5v14M5 12h14');

export const AlertIcon = drawnIcon(<circle cx="12" cy="12" r="9" />, 'M12 7v6M12 16.5v.5');

export const PaperclipIcon = drawnIcon(
  'm20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7',
);

export const SendIcon = drawnIcon('M12 19V5M5 12l7-7 7 7');

export const MenuIcon = drawnIcon('M4 6h16M4 12h16M4 18h16');

export const UserIcon = drawnIcon(<circle cx="12" cy="8" r="4" />, 'M4 21a8 8 0 0 1 16 0');

export const EyeIcon = drawnIcon(
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z',
  <circle cx="12" cy="12" r="3" />,
);

export const EyeOffIcon = drawnIcon(
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
);

export const TranslateIcon = drawnIcon(
  'M4 5h8M8 3v2M6 5c0 4 3 7 6 8M10 5c0 3-3 7-6 8M13 21l4-10 4 10M14.5 17.5h5',
);

export const ChatIcon = drawnIcon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z');

export const FileIcon = drawnIcon('M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z', 'M14 3v5h5');

export const LogoMark = (props: IconProps) => (
  <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false" {...props}>
    <rect width="32" height="32" rx="8" fill="currentColor" />
    <path
      d="M21.5 10.6c-.9-1.9-2.9-3.1-5.5-3.1-3 0-5 1.6-5 4 0 5.4 10.5 3.1 10.5 8.6 0 2.5-2.2 4.4-5.5 4.4-2.8 0-4.9-1.2-5.8-3.3"
      fill="none"
      stroke="#fff"
      strokeWidth="2.8"
      strokeLinecap="round"
    />
  </svg>
);

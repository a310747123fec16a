/**
 * Finds raw colours (hex, rgb()/hsl()-style functions, named colours) in CSS text. App CSS must use the
 * theme tokens of `theme.css` instead; `no-raw-colours.test.ts` runs this over every app's CSS.
 * Comments are ignored; `transparent`, `currentColor`, `inherit` and the other keywords are allowed.
 */
export interface RawColour {
  line: number;
  text: string;
}

const NAMED = [
  'black',
  'white',
  'red',
  'green',
  'blue',
  'yellow',
  'orange',
  'purple',
  'pink',
  'brown',
  'gray',
  'grey',
  'silver',
  'gold',
  'navy',
  'teal',
  'olive',
  'maroon',
  'lime',
  'aqua',
  'cyan',
  'magenta',
  'fuchsia',
  'violet',
  'indigo',
  'crimson',
  'coral',
  'salmon',
  'tomato',
  'khaki',
  'beige',
  'ivory',
  'tan',
  'darkgray',
  'darkgrey',
  'lightgray',
  'lightgrey',
  'dimgray',
  'dimgrey',
  'whitesmoke',
  'gainsboro',
];
const HEX = /#[0-9a-fA-F]{3,8}\b/g;
const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;
const NAMED_RE = new RegExp(`(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`, 'gi');

/** Blank out comments (keeping line breaks, so line numbers stay right). */
function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

export function findRawColours(css: string): RawColour[] {
  const text = stripComments(css);
  const found: (RawColour & { at: number })[] = [];
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  // Only declaration values carry colours: look inside the innermost `{ ... }` blocks, after each
  // declaration's colon (so selectors such as `#id` or `.white` are not flagged, and a value that
  // runs over several lines is still read whole).
  for (const block of text.matchAll(/\{([^{}]*)\}/g)) {
    let offset = (block.index ?? 0) + 1;
    for (const declaration of (block[1] ?? '').split(';')) {
      const colon = declaration.indexOf(':');
      if (colon >= 0) {
        const value = declaration.slice(colon + 1);
        const valueAt = offset + colon + 1;
        for (const re of [HEX, FUNCTION, NAMED_RE]) {
          re.lastIndex = 0;
          for (const m of value.matchAll(re)) {
            const at = valueAt + (m.index ?? 0);
            found.push({ at, line: lineOf(at), text: m[0] });
          }
        }
      }
      offset += declaration.length + 1;
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ line, text: t }) => ({ line, text: t }));
}

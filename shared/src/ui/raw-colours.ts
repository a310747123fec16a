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
  const found: RawColour[] = [];
  stripComments(css)
    .split('\n')
    .forEach((lineText, i) => {
      // Only declaration values carry colours: skip selectors (`#id`, `.white`) by looking after the colon.
      const colon = lineText.indexOf(':');
      if (colon < 0 || /\{\s*$/.test(lineText)) return;
      const value = lineText.slice(colon + 1);
      for (const re of [HEX, FUNCTION, NAMED_RE]) {
        re.lastIndex = 0;
        for (const m of value.matchAll(re)) found.push({ line: i + 1, text: m[0] });
      }
    });
  return found;
}

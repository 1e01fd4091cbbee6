/** Manrope served from our own bundle (@fontsource), never from a font CDN. */
import '@fontsource/manrope/400.css';
import '@fontsource/manrope/500.css';
import '@fontsource/manrope/600.css';
import '@fontsource/manrope/700.css';

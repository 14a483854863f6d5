// Mantine's PostCSS preset: rem(), light-dark(), nesting and the breakpoint mixins.
// Breakpoints are written as em values (Mantine's: xs 36, sm 48, md 62, lg 75, xl 88) because
// Biome's CSS parser refuses Sass-style `$variables`.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};

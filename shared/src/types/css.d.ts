// Stylesheets are bundled by rspack (type: 'css/auto'); imports have no value.
declare module '*.css';

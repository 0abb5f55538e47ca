// esbuild bundles imported stylesheets into the page's CSS file.
declare module '*.css';

// The types of the vendored snabbdom bundle (web/app/js/vendor/snabbdom.js), from the same version of
// the npm package installed by web/tests (package-lock.json). Seen by tsc through `rootDirs`.
export * from '../../tests/node_modules/snabbdom/build/index.js';

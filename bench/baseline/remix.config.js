/** A bare Remix 2.17 app (default entry files) used as the benchmark baseline. */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
};

/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "*.svg" {
  const url: string;
  export default url;
}

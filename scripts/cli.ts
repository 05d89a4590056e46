/**
 * How the app's command-line tools (npm run content, npm run sso:client) run: `main` gets the arguments and says
 * the exit code; anything it throws is printed and exits 1. Each tool is bundled with this by esbuild.
 */
export function runCli(main: (args: string[]) => Promise<number>) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

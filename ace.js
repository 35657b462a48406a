/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
| Registers the TypeScript loader, then imports bin/console.ts.
*/
import 'ts-node-maintained/register/esm'
await import('./bin/console.js')

/*
| What the development server (Vite in middleware mode) may hand to a browser:
| the front-end sources and the dependencies they import, nothing else. The
| project root is Vite's root, so the database (tmp/), uploads (storage/),
| configuration and server code sit beside these folders and must stay out.
*/

/** Project folders whose files the browser loads in development. */
export const VITE_SERVED_FOLDERS = ['inertia', 'app/domain', 'node_modules']

/** Vite's own virtual paths (client, module ids, React refresh). */
export const VITE_INTERNAL_PREFIXES = ['/@vite/', '/@id/', '/@react-refresh', '/@fs/']

/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * starts the server. A fresh clone needs nothing else (docs/architecture.md §7).
 */
import { buildWebIfStale } from './webBuild';

buildWebIfStale(process.cwd(), process.env.WEB_DIR ?? 'dist/web');

await import('../main');

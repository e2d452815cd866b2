/**
 * The play feature's public entry: the play page at /play?id=&type= (ROUTE-1 in
 * docs/requirements.md). Its watch progress is the progress feature's (features/progress).
 */
export { PlayScreen } from './components/play-screen.tsx';
export { BAD_LINK_MESSAGE, parsePlayTarget } from './play-rules.ts';

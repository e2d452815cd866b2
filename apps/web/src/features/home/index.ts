/**
 * The home feature's public entry: the Home screen at /index (HOME-1..7 in docs/requirements.md).
 */
export { HomeScreen } from './components/home-screen.tsx';

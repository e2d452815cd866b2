/** The home feature's public entry: the Home screen at /index (spec 2 Home). */
export { HomeScreen } from './components/home-screen.tsx';
